// The list of ops. Tests aside, code names an op only in its own folder (or its family's:
// ops/binary32/, ops/float_float/) and here: outside ops/, the layers read an op's traits, never
// its name, and reach it through this list (ops/dispatch.h) or the run-time catalogue
// (ops/catalogue.h). Docs, the Makefile's and scripts' campaigns and comments' examples name ops.
// Adding an op (docs/architecture.md, "Add an op") is its trait type, in a folder of its own or
// in its family's header, and its name in AllOps, with its header's #include if that is new.
// An op's position here is nothing but its run-time id within one run; inputs are keyed by each
// op's own key_salt and databases name ops by their names.
#pragma once

#include "ops/add64/add64.h"
#include "ops/binary32/family.h"
#include "ops/div64/div64.h"
#include "ops/f2d/f2d.h"
#include "ops/float_float/family.h"
#include "ops/fma64/fma64.h"
#include "ops/gemm64/gemm64.h"
#include "ops/math32/functions.h"
#include "ops/mul64/mul64.h"
#include "ops/rcp64/rcp64.h"
#include "ops/rsqrt64/rsqrt64.h"
#include "ops/sqrt64/sqrt64.h"
#include "ops/sub64/sub64.h"

namespace fpv {

using AllOps = concat_t<TypeList<op::div64, op::sqrt64, op::rcp64, op::rsqrt64, op::fma64, op::add64, op::sub64, op::mul64,
                        op::eft_add, op::eft_mul, op::eft_split, op::ff_add, op::ff_add_f, op::ff_mul,
                        op::ff_mul_f, op::ff_div, op::ff_div_f, op::f2d, op::rsqrt32, op::sqrt32, op::rcp32,
                        op::div32, op::gemm64>,
                        op::Math32Ops>;

}  // namespace fpv
