#include "ops/judge.h"

namespace fpv {

// Out of line, so that only this translation unit instantiates every op's judge.
Judge::Judge(const ImplInfo& impl, ReferenceMode mode, bool strict_nan)
    : judge_(with_op(impl.op, [&](auto tag) -> std::unique_ptr<Base> {
          return std::make_unique<Typed<typename decltype(tag)::type>>(impl, mode, strict_nan);
      })) {}

}  // namespace fpv
