# Installation and the exported CMake package, so that find_package(hclschema) works after install.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS hclschema hclschema_dev_flags hclschema_private_deps EXPORT hclschemaTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS hclschema_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT hclschemaTargets NAMESPACE hclschema:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hclschema)
configure_package_config_file(cmake/hclschemaConfig.cmake.in ${PROJECT_BINARY_DIR}/hclschemaConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hclschema)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/hclschemaConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/hclschemaConfig.cmake ${PROJECT_BINARY_DIR}/hclschemaConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hclschema)
