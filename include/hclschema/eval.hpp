// Umbrella header of the evaluation layer: contexts, functions, evaluate().
#pragma once

#include "hclschema/eval/context.hpp"
#include "hclschema/eval/evaluate.hpp"
#include "hclschema/eval/function.hpp"
