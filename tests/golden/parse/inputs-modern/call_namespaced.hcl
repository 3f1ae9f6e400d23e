a = provider::ns::fn(1)
