a = provider::ns::fn(
  1,
  2,
)
