// [Assault Table] The user-supplied grid file (docs/rulings/alsh.md, "The user-supplied Assault
// grid file"): every way a file can be wrong is refused with one sentence naming the file, the
// field and the problem, and changes nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "rulesets/alsh/cli.hpp"
#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;

// A valid grid of two columns and two rows.
json good() {
  return {{"format", "carroccio-alsh-assault-grid/1"},
          {"source", "my copy"},
          {"columns", json::array({{{"not_affecting", "<=0"}, {"affecting", "<=-1"}},
                                   {{"not_affecting", ">=1"}, {"affecting", ">=0"}}})},
          {"rows", {"<=3", ">=4"}},
          {"cells",
           {{{{"attacker", "1"}, {"defender", "-"}, {"loser", "attacker"}},
             {{"attacker", "1D"}, {"defender", "1"}, {"loser", "none"}}},
            {{{"attacker", "0"}, {"defender", "1"}, {"loser", "defender"}},
             {{"attacker", "-"}, {"defender", "2 D"}, {"loser", "defender"}, {"note", "n"}}}}}};
}

// The message of parsing `j` as file "grid.json", or "" when it is valid.
std::string error_of(const json& j) {
  auto g = parse_assault_grid(j, "grid.json");
  return g.ok() ? "" : g.message();
}

struct Case {
  const char* what;
  std::function<void(json&)> spoil;
  const char* field;    // the field the message names, after "grid.json: "
  const char* problem;  // a part of the problem's wording
};

TEST(Alsh_AssaultGridFile, Errors_EveryFieldNamesTheFileTheFieldAndTheProblem) {
  ASSERT_EQ(error_of(good()), "");
  const std::vector<Case> cases = {
      {"not an object", [](json& j) { j = json::array(); }, "an Assault grid", "JSON object"},
      {"no format", [](json& j) { j.erase("format"); }, "format", "must be"},
      {"wrong format", [](json& j) { j["format"] = "carroccio-alsh-assault-grid/2"; }, "format",
       "must be"},
      {"source not text", [](json& j) { j["source"] = 3; }, "source", "must be a string"},
      {"comment not text", [](json& j) { j["comment"] = json::array(); }, "comment",
       "must be a string"},
      {"confidence not text", [](json& j) { j["confidence"] = 1; }, "confidence",
       "must be a string"},
      {"confidence unknown", [](json& j) { j["confidence"] = "certain"; }, "confidence", "certain"},
      {"no columns", [](json& j) { j.erase("columns"); }, "columns", "non-empty list"},
      {"empty columns", [](json& j) { j["columns"] = json::array(); }, "columns", "non-empty list"},
      {"column not an object", [](json& j) { j["columns"][1] = ">=1"; }, "columns[1]",
       "'not_affecting' and 'affecting'"},
      {"column line missing", [](json& j) { j["columns"][0].erase("affecting"); }, "columns[0]",
       "'not_affecting' and 'affecting'"},
      {"column range not text", [](json& j) { j["columns"][0]["affecting"] = -1; },
       "columns[0].affecting", "must be a string"},
      {"column range unreadable", [](json& j) { j["columns"][1]["not_affecting"] = "many"; },
       "columns[1].not_affecting", "not a range"},
      {"column line with a gap", [](json& j) { j["columns"][1]["affecting"] = ">=2"; },
       "columns (the affecting line)", "not consecutive"},
      {"column line closed below", [](json& j) { j["columns"][0]["not_affecting"] = "0"; },
       "columns (the not_affecting line)", "open below"},
      {"column line closed above", [](json& j) { j["columns"][1]["not_affecting"] = "1..5"; },
       "columns (the not_affecting line)", "open above"},
      {"no rows", [](json& j) { j.erase("rows"); }, "rows", "non-empty list"},
      {"row not text", [](json& j) { j["rows"][0] = 3; }, "rows[0]", "must be a string"},
      {"row unreadable", [](json& j) { j["rows"][1] = "four or more"; }, "rows[1]", "not a range"},
      {"rows overlapping", [](json& j) { j["rows"][1] = ">=3"; }, "rows", "not consecutive"},
      {"rows closed above", [](json& j) { j["rows"][1] = "4"; }, "rows", "open above"},
      {"no cells", [](json& j) { j.erase("cells"); }, "cells", "must hold 2 rows"},
      {"a row of cells missing", [](json& j) { j["cells"].erase(1); }, "cells", "must hold 2 rows"},
      {"a cell missing", [](json& j) { j["cells"][1].erase(0); }, "cells[1]", "must hold 2 cells"},
      {"a cell not an object", [](json& j) { j["cells"][0][1] = "1/1"; }, "cells[0][1]",
       "must be an object"},
      {"attacker missing", [](json& j) { j["cells"][0][0].erase("attacker"); },
       "cells[0][0].attacker", "is missing"},
      {"defender missing", [](json& j) { j["cells"][1][1].erase("defender"); },
       "cells[1][1].defender", "is missing"},
      {"attacker not text", [](json& j) { j["cells"][0][0]["attacker"] = 1; },
       "cells[0][0].attacker", "must be a string"},
      {"defender unreadable", [](json& j) { j["cells"][1][0]["defender"] = "2X"; },
       "cells[1][0].defender", "not a result"},
      {"too many SP", [](json& j) { j["cells"][1][0]["defender"] = "100"; }, "cells[1][0].defender",
       "0 to 99"},
      {"loser missing", [](json& j) { j["cells"][0][1].erase("loser"); }, "cells[0][1].loser",
       "\"attacker\", \"defender\" or \"none\""},
      {"loser unknown", [](json& j) { j["cells"][0][1]["loser"] = "both"; }, "cells[0][1].loser",
       "'both' is not a side"},
      {"cell confidence not text", [](json& j) { j["cells"][0][0]["confidence"] = true; },
       "cells[0][0].confidence", "must be a string"},
      {"cell confidence unknown", [](json& j) { j["cells"][0][0]["confidence"] = "sure"; },
       "cells[0][0].confidence", "sure"},
      {"cell note not text", [](json& j) { j["cells"][1][1]["note"] = 7; }, "cells[1][1].note",
       "must be a string"},
      {"cell field unknown", [](json& j) { j["cells"][1][1]["odds"] = "1:2"; }, "cells[1][1]",
       "unknown field 'odds'"},
      {"file field unknown", [](json& j) { j["grid"] = json::array(); }, "unknown field 'grid'",
       "the fields are"},
  };
  for (const auto& c : cases) {
    json j = good();
    c.spoil(j);
    const std::string e = error_of(j);
    if (e.empty()) {
      ADD_FAILURE() << c.what << " was accepted";
      continue;
    }
    EXPECT_EQ(e.rfind(std::string("grid.json: ") + c.field, 0), 0u) << c.what << ": " << e;
    EXPECT_NE(e.find(c.problem), std::string::npos) << c.what << ": " << e;
    // One sentence: one full stop, at the end, and no line break.
    EXPECT_EQ(e.back(), '.') << c.what << ": " << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << c.what << ": " << e;
  }
}

TEST(Alsh_AssaultGridFile, Errors_TheCommandLineRefusesABadFileAndChangesNothing) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "alsh_assault_grid_errors";
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::vector<std::string> situation = {"assault", "--attacker-quality",
                                              "2",       "--defender-quality",
                                              "1",       "--attacker-sp",
                                              "8",       "--defender-sp",
                                              "4",       "--die",
                                              "3"};
  auto run = [&](const std::string& file) {
    std::vector<std::string> args = situation;
    args.push_back("--assault-table");
    args.push_back(file);
    std::ostringstream out, err;
    const int code = run_cli(args, out, err);
    return std::tuple{code, out.str(), err.str()};
  };
  json spoiled = good();
  spoiled["cells"][1][0]["loser"] = "nobody";
  for (const auto& [file, needle] :
       {std::pair{write("cell.json", spoiled.dump()), std::string("cells[1][0].loser")},
        std::pair{
            write("syntax.json", "{\"format\": \"carroccio-alsh-assault-grid/1\",\n  \"rows\"\n"),
            std::string("syntax.json:")},
        std::pair{write("empty.json", ""), std::string("empty.json")},
        std::pair{(dir / "absent.json").string(), std::string("Cannot open Assault grid file")}}) {
    const auto [code, out, err] = run(file);
    EXPECT_EQ(code, 1) << file;
    EXPECT_TRUE(out.empty()) << file << ": " << out;
    EXPECT_NE(err.find(needle), std::string::npos) << file << ": " << err;
    EXPECT_NE(err.find(std::filesystem::path(file).filename().string()), std::string::npos) << err;
    // One line on the error stream.
    EXPECT_EQ(err.find('\n'), err.size() - 1) << file << ": " << err;
  }
  // Negative: the good grid resolves.
  const auto [code, out, err] = run(write("good.json", good().dump()));
  EXPECT_EQ(code, 0) << err;
  EXPECT_NE(out.find("Result: "), std::string::npos) << out;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace carroccio::alsh
