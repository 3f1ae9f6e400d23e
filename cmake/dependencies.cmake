# Third-party libraries, all from Debian packages installed by scripts/install-deps.
# They are linked privately: the public headers use only the standard library.
find_package(PkgConfig REQUIRED)
pkg_check_modules(RE2 REQUIRED IMPORTED_TARGET re2)
pkg_check_modules(UTF8PROC REQUIRED IMPORTED_TARGET libutf8proc)
find_package(fmt REQUIRED)
find_package(nlohmann_json REQUIRED)
find_path(CLI11_INCLUDE_DIR CLI/CLI.hpp REQUIRED)
find_library(MPFR_LIBRARY mpfr REQUIRED)
find_library(GMP_LIBRARY gmp REQUIRED)

add_library(hclschema_private_deps INTERFACE)
target_link_libraries(hclschema_private_deps INTERFACE
  PkgConfig::RE2 PkgConfig::UTF8PROC fmt::fmt nlohmann_json::nlohmann_json ${MPFR_LIBRARY} ${GMP_LIBRARY})
target_include_directories(hclschema_private_deps INTERFACE ${CLI11_INCLUDE_DIR})
