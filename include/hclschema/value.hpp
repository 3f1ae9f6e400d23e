// Umbrella header of the value layer: types, numbers, values, JSON encodings, conversion.
#pragma once

#include "hclschema/value/convert.hpp"
#include "hclschema/value/json.hpp"
#include "hclschema/value/number.hpp"
#include "hclschema/value/type.hpp"
#include "hclschema/value/value.hpp"
