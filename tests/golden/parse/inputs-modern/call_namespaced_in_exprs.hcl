a = provider::aws::arn_parse(var.arn).account_id
b = [for x in xs : provider::test::is_true(x)]
c = "${provider::ns::upper(x)}"
d = provider::ns::f(xs...)
