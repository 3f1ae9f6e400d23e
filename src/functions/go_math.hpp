// Go's math.Pow, math.Exp and math.Log as they run on amd64 (what go-cty's pow and log call, and
// what the reference results come from). None of them is correctly rounded, so the C library's
// functions differ from them in the last bit now and then; these follow Go's algorithms step by
// step in float64 arithmetic instead.
#pragma once

namespace hclschema::detail {

/// math.Pow: special cases, then exp(f * log(x)) for the fractional part of |y| and binary
/// powering of frexp's mantissa for the integral part.
[[nodiscard]] double go_pow(double x, double y);
/// math.Exp on amd64 (the assembly version, with FMA as on the machine the reference ran on).
[[nodiscard]] double go_exp(double x);
/// math.Log on amd64 (the assembly version of the FreeBSD algorithm).
[[nodiscard]] double go_log(double x);

}  // namespace hclschema::detail
