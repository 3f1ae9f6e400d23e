msg = "%{ if var.enabled }on%{ else }off%{ endif }"
strip = "%{~ if true ~} yes %{~ endif ~}"
