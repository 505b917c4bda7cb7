// God Will Know His Own (gwkho): the vocabulary of troops. Troop types and grades (rules Tr-1,
// Tr-2), a troop written as the rulebook writes it ("Hc(s)"), sets of troops written the same
// way ("Hc(s)(o)(f), LI, foot"), special morale statuses (Tr-6) and points as exact halves.
//
// Nothing here holds numbers of the rulebook: those are data (rulesets/gwkho/data/*.json, read
// by tables.hpp). The clause ids (Tr-1, Pts-3, ...) are ours: docs/clauses/gwkho.md.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "core/status.hpp"

namespace carroccio::gwkho {

// [Tr-1] The troop types, in the order of the points table, with Ph and Pk apart (the table
// prices them on one row; other rules tell them apart: ruling G-2).
enum class TroopType : std::uint8_t {
  kHc,    // heavy cavalry
  kCv,    // cavalry
  kRe,    // reiter
  kLc,    // light cavalry
  kEl,    // elephants
  kPh,    // phalanx
  kPk,    // pike
  kHI,    // heavy infantry
  kLI,    // light infantry
  kBw,    // bow
  kLb,    // longbow
  kXb,    // crossbow
  kSh,    // shot
  kLArt,  // light artillery
  kHArt,  // heavy artillery
};
inline constexpr int kNumTypes = 15;

// [Tr-2] The grades, in the points table's column order: superior, ordinary, fast, inferior and
// the special (x) grade each type defines for itself.
enum class Grade : std::uint8_t { kS, kO, kF, kI, kX };
inline constexpr int kNumGrades = 5;

inline constexpr std::array<TroopType, kNumTypes> kAllTypes = {
    TroopType::kHc, TroopType::kCv, TroopType::kRe, TroopType::kLc,   TroopType::kEl,
    TroopType::kPh, TroopType::kPk, TroopType::kHI, TroopType::kLI,   TroopType::kBw,
    TroopType::kLb, TroopType::kXb, TroopType::kSh, TroopType::kLArt, TroopType::kHArt};
inline constexpr std::array<Grade, kNumGrades> kAllGrades = {Grade::kS, Grade::kO, Grade::kF,
                                                             Grade::kI, Grade::kX};

constexpr int index_of(TroopType t) { return static_cast<int>(t); }
constexpr int index_of(Grade g) { return static_cast<int>(g); }

// "Hc", "L.Art", ... (the rulebook's abbreviations; the names army files use).
std::string_view type_id(TroopType t);
std::optional<TroopType> type_from_id(std::string_view id);
// "heavy cavalry", "light artillery", ...
std::string_view type_name(TroopType t);
// 's', 'o', 'f', 'i', 'x'.
char grade_letter(Grade g);
std::optional<Grade> grade_from_letter(std::string_view letter);

// [Tr-1] Mounted types: Hc, Cv, Re, Lc, El. The rest are foot (artillery included).
constexpr bool is_mounted(TroopType t) {
  return t == TroopType::kHc || t == TroopType::kCv || t == TroopType::kRe || t == TroopType::kLc ||
         t == TroopType::kEl;
}
constexpr bool is_artillery(TroopType t) { return t == TroopType::kLArt || t == TroopType::kHArt; }

// One type at one grade: "Hc(s)".
struct Troop {
  TroopType type = TroopType::kHc;
  Grade grade = Grade::kO;
  friend constexpr bool operator==(Troop, Troop) = default;
};
std::string troop_text(Troop t);  // "Hc(s)"
// Parses "Hc(s)" (exactly one grade).
core::Expected<Troop> parse_troop(std::string_view text);

// A set of troops written as the rulebook writes them, terms separated by commas:
//   "Hc"            every grade of a type
//   "Hc(s)(o)(f)"   those grades of a type
//   "(s)"           that grade of every type
//   "foot", "mounted", "artillery", "all"
// A set says nothing about which pairs exist (that is the points table's business).
class TroopSet {
 public:
  TroopSet() = default;
  static core::Expected<TroopSet> parse(std::string_view text);

  bool contains(Troop t) const { return bits_.test(bit(t)); }
  // Whether any grade of `type` is in the set.
  bool has_type(TroopType type) const;
  bool empty() const { return bits_.none(); }
  void add(Troop t) { bits_.set(bit(t)); }
  TroopSet operator|(const TroopSet& o) const;
  TroopSet operator-(const TroopSet& o) const;
  friend bool operator==(const TroopSet&, const TroopSet&) = default;

  // The text it was parsed from (empty for a set built in code).
  const std::string& text() const { return text_; }

 private:
  static std::size_t bit(Troop t) {
    return static_cast<std::size_t>(index_of(t.type) * kNumGrades + index_of(t.grade));
  }
  std::bitset<kNumTypes * kNumGrades> bits_;
  std::string text_;
};

// [Tr-6] The special morale statuses; an element has at most one.
enum class Status : std::uint8_t { kNone, kBerserker, kStubborn, kMutinous, kBrittle, kUnreliable };
inline constexpr int kNumStatuses = 6;
std::string_view status_id(Status s);  // "none", "berserker", ...
std::optional<Status> status_from_id(std::string_view id);

// The peoples the rules single out by name (supporting ranks that turn, squares, PIP
// exemptions, surrender): an element's army says which of them it belongs to. The text's own
// words: "Swiss", "Landsknecht", "16thC Spanish", "13thC Mongol", "12thC Byzantine", "Low
// country", "Scots from 1275", "Arab" horse, the "Catalan Grand Company".
enum class People : std::uint8_t {
  kSwiss,
  kLandsknecht,
  kSpanish16th,
  kMongol13th,
  kByzantine12th,
  kLowCountry,
  kScotsAfter1275,
  kArab,
  kCatalan,
};
inline constexpr int kNumPeoples = 9;
std::string_view people_id(People p);  // "swiss", "spanish_16th", ...
std::optional<People> people_from_id(std::string_view id);

// A set of peoples (most elements belong to none the rules name).
struct Peoples {
  std::uint16_t bits = 0;
  constexpr bool has(People p) const { return (bits >> static_cast<int>(p)) & 1U; }
  constexpr Peoples& add(People p) {
    bits = static_cast<std::uint16_t>(bits | (1U << static_cast<int>(p)));
    return *this;
  }
  constexpr bool any_of(Peoples o) const { return (bits & o.bits) != 0; }
  constexpr bool empty() const { return bits == 0; }
  friend constexpr bool operator==(Peoples, Peoples) = default;
};
constexpr Peoples peoples(std::initializer_list<People> list) {
  Peoples out;
  for (People p : list) out.add(p);
  return out;
}

// Points in exact halves (the rulebook has -0.5 costs): 12.5 points is Points{25}.
struct Points {
  int halves = 0;
  static constexpr Points whole(int n) { return Points{2 * n}; }
  constexpr Points operator+(Points o) const { return Points{halves + o.halves}; }
  constexpr Points operator-(Points o) const { return Points{halves - o.halves}; }
  constexpr Points operator*(int n) const { return Points{halves * n}; }
  Points& operator+=(Points o) {
    halves += o.halves;
    return *this;
  }
  friend constexpr auto operator<=>(Points, Points) = default;
  // "12", "12.5", "-0.5".
  std::string text() const;
  double value() const { return halves / 2.0; }
};

// Element equivalents in exact halves (½ e/e elements exist): 2 is one element equivalent.
struct Ee {
  int halves = 0;
  constexpr Ee operator+(Ee o) const { return Ee{halves + o.halves}; }
  constexpr Ee operator*(int n) const { return Ee{halves * n}; }
  Ee& operator+=(Ee o) {
    halves += o.halves;
    return *this;
  }
  friend constexpr auto operator<=>(Ee, Ee) = default;
  std::string text() const;  // "47.5"
  double value() const { return halves / 2.0; }
};

// Reads a JSON-style number that must be a whole number or end in .5 ("-0.5" -> -1 half).
std::optional<int> halves_of(double value);

}  // namespace carroccio::gwkho
