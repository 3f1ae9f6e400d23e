a = core::tostring(1)
b = a::b::c::d(2, 3)
