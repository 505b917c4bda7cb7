// gwkho: answers kept while one state's decisions are listed (memo.hpp). Pure performance.
#include "rulesets/gwkho/memo.hpp"

#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho::memo {

namespace {

thread_local Memo memo_now;
thread_local bool off_now = false;

}  // namespace

Listing::Listing(const GwkhoState& s) {
  if (memo_now.state != nullptr || off_now) return;  // inside another listing: that one stands
  outer_ = true;
  memo_now.state = &s;
  const auto n = static_cast<std::size_t>(s.num_elements());
  memo_now.contact.assign(n, -1);
  memo_now.nearest.assign(n, -2);
  memo_now.grouped.assign(n, 0);
  memo_now.linked.assign(n, 0);
  memo_now.targeted.assign(n, 0);
  memo_now.standing.assign(n, -1);
  memo_now.in_range.assign(n, -1);
  memo_now.range_post.assign(n, -1);
  memo_now.range_inches.assign(n, 0);
  memo_now.near_known.assign(n, 0);
  memo_now.near_box.resize(n);
  memo_now.going_here.assign(n, -1);
  memo_now.terrain_box.clear();
  if (memo_now.group.size() < n) memo_now.group.resize(n);
  if (memo_now.links.size() < n) memo_now.links.resize(n);
  if (memo_now.targets.size() < n) memo_now.targets.resize(n);
  if (memo_now.near.size() < n) memo_now.near.resize(n);
  if (memo_now.near_grown.size() < n) memo_now.near_grown.resize(n);
}

Listing::~Listing() {
  if (outer_) memo_now.state = nullptr;
}

Off::Off() : was_(off_now) { off_now = true; }

Off::~Off() { off_now = was_; }

Memo* of(const GwkhoState& s) { return memo_now.state == &s && !off_now ? &memo_now : nullptr; }

}  // namespace carroccio::gwkho::memo
