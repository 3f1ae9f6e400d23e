// Loads the plugin given as its argument with dlopen, as an application that knows nothing of
// hclschema would, and prints what the plugin's hclschema_plugin_run answers (CMakeLists.txt).
#include <dlfcn.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
    return 2;
  }
  void* plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    std::fprintf(stderr, "dlopen failed: %s\n", dlerror());
    return 1;
  }
  using Run = const char* (*)();
  auto run = reinterpret_cast<Run>(dlsym(plugin, "hclschema_plugin_run"));
  if (!run) {
    std::fprintf(stderr, "dlsym failed: %s\n", dlerror());
    return 1;
  }
  std::fputs(run(), stdout);
  return 0;
}
