// The list of ops: the only place outside an op's own folder where an op is named. Adding an op
// is a folder of its own (docs/architecture.md, "Add an op") and its two lines here: its header
// and its name in AllOps. An op's position here is nothing but its run-time id within one run;
// inputs are keyed by each op's own key_salt and databases name ops by their names.
#pragma once

#include "ops/add64/add64.h"
#include "ops/binary32/family.h"
#include "ops/div64/div64.h"
#include "ops/f2d/f2d.h"
#include "ops/float_float/family.h"
#include "ops/fma64/fma64.h"
#include "ops/mul64/mul64.h"
#include "ops/rcp64/rcp64.h"
#include "ops/rsqrt64/rsqrt64.h"
#include "ops/sqrt64/sqrt64.h"
#include "ops/sub64/sub64.h"

namespace fpv {

using AllOps = TypeList<op::div64, op::sqrt64, op::rcp64, op::rsqrt64, op::fma64, op::add64, op::sub64, op::mul64,
                        op::eft_add, op::eft_mul, op::eft_split, op::ff_add, op::ff_add_f, op::ff_mul,
                        op::ff_mul_f, op::ff_div, op::ff_div_f, op::f2d, op::rsqrt32, op::sqrt32, op::rcp32,
                        op::div32>;

}  // namespace fpv
