# cmake -P script behind the install.find_package_consumer test (see CMakeLists.txt beside it).
# Inputs: HCLSCHEMA_BUILD_DIR, CONSUMER_SOURCE_DIR, WORK_DIR, CMAKE_GENERATOR, CMAKE_CXX_COMPILER,
# CMAKE_BUILD_TYPE, HCLSCHEMA_SANITIZE (a sanitized library needs a sanitized consumer link).
cmake_minimum_required(VERSION 3.25)

set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/consumer-build)
file(REMOVE_RECURSE ${WORK_DIR})

function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install test: ${step} failed (${rc}):\n${out}")
  endif()
  message(STATUS "install test: ${step} ok")
endfunction()

run("install" ${CMAKE_COMMAND} --install ${HCLSCHEMA_BUILD_DIR} --prefix ${prefix})

foreach(expected include/hclschema/parse.hpp bin/hclschema)
  if(NOT EXISTS ${prefix}/${expected})
    message(FATAL_ERROR "install test: ${expected} was not installed")
  endif()
endforeach()

set(flags "")
if(HCLSCHEMA_SANITIZE)
  set(flags "-fsanitize=address,undefined")
endif()
run("configure consumer" ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${consumer_build}
    -G ${CMAKE_GENERATOR} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER} -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_EXE_LINKER_FLAGS=${flags}
    -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)
run("build consumer" ${CMAKE_COMMAND} --build ${consumer_build})
run("run consumer" ${consumer_build}/consumer)
