# Instrumentation for the whole build (library, CLI, tests, fuzz targets), chosen by two options:
# - HCLSCHEMA_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer, any compiler; every report
#   aborts the process (no recovery), so a test that trips a sanitizer fails.
# - HCLSCHEMA_BUILD_FUZZ: clang only; adds libFuzzer's coverage instrumentation to the same
#   sanitizers. The fuzz targets themselves link -fsanitize=fuzzer (fuzz/CMakeLists.txt).
set(HCLSCHEMA_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)

if(HCLSCHEMA_BUILD_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "HCLSCHEMA_BUILD_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  add_compile_options(${HCLSCHEMA_SANITIZER_FLAGS} -fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=address,undefined)
elseif(HCLSCHEMA_SANITIZE)
  add_compile_options(${HCLSCHEMA_SANITIZER_FLAGS})
  add_link_options(-fsanitize=address,undefined)
endif()
