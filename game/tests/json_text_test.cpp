#include "game/json_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/text.hpp"

namespace carroccio::game {
namespace {

using carroccio::core::contains;

// No message of the JSON library reaches a person: each names the place and says, in our words,
// what is wrong.
void expect_our_sentence(const std::string& message) {
  EXPECT_FALSE(contains(message, "json.exception")) << message;
  EXPECT_FALSE(contains(message, "syntax error")) << message;
  EXPECT_FALSE(contains(message, "last read")) << message;
  EXPECT_FALSE(contains(message, "parse error")) << message;
  EXPECT_EQ(message.back(), '.') << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(ParseJsonText, AcceptsJson) {
  auto j = parse_json_text(R"({"a": [1, 2.5, "x", null, true], "b": {"c": -3}})", "t");
  ASSERT_TRUE(j.ok()) << j.message();
  EXPECT_EQ((*j)["a"][1], 2.5);
  EXPECT_EQ((*j)["b"]["c"], -3);
}

TEST(ParseJsonText, ANumberTooLargeIsOneSentence) {
  for (const std::string& text : std::vector<std::string>{
           "1e400", "[1, -1e400]", "{\"a\": 1" + std::string(400, '0') + "}"}) {
    auto j = parse_json_text(text, "big.json");
    ASSERT_FALSE(j.ok()) << text;
    EXPECT_TRUE(contains(j.message(), "big.json:1:")) << j.message();
    EXPECT_TRUE(contains(j.message(), "is too large")) << j.message();
    expect_our_sentence(j.message());
  }
}

TEST(ParseJsonText, AKeyGivenTwiceIsRefusedNamingTheKeyAndBothLines) {
  auto j = parse_json_text(
      "{\n  \"turns\": 8,\n  \"map\": {\"a\": 1, \"b\": 2},\n  \"turns\": 9\n}", "dup.json");
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.message(),
            "dup.json:4: key 'turns' appears twice in one object (first on line 2); give each key "
            "once.");
  // The same key in two different objects is fine.
  EXPECT_TRUE(
      parse_json_text(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]})", "t").ok());
  auto nested = parse_json_text("{\"a\": [{\"x\": 1,\n\"x\": 2}]}", "n.json");
  ASSERT_FALSE(nested.ok());
  EXPECT_TRUE(contains(nested.message(), "n.json:2: key 'x' appears twice")) << nested.message();
}

TEST(ParseJsonText, EveryKindOfMistakeIsOurOwnSentence) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"a\": tru}", "is not a JSON value"},
      {"{'a': 1}", "in double quotes"},
      {"{1: 2}", "where a key in double quotes"},
      {"{\"a\" 1}", "where the ':' after a key"},
      {"{\"a\": 1 \"b\": 2}", "where ',' or '}'"},
      {"[1 2]", "where ',' or ']'"},
      {"[1, 2", "ends before the JSON value is complete"},
      {"", "ends before the JSON value is complete"},
      {"{\"a\": 1} x", "follows the end of the JSON value"},
      {"{\"a\": \"line\nbreak\"}", "control character"},
      {"{\"a\": \"\\q\"}", "starts no JSON escape"},
      {"{\"a\": \"\\u12\"}", "\\u escape"},
      {"{\"a\": \"\xc3\x28\"}", "not UTF-8"},
      {"{\"a\": 01}", "stands where ',' or '}'"},
      {"{\"a\": -}", "is not a number as JSON writes them"},
      {"{\"a\": \"open", "not closed"},
      {std::string(200, '['), "nests more than 128 levels"},
  };
  for (const auto& [text, part] : cases) {
    auto j = parse_json_text(text, "f.json");
    ASSERT_FALSE(j.ok()) << text;
    EXPECT_TRUE(contains(j.message(), part)) << text << " -> " << j.message();
    EXPECT_EQ(j.message().rfind("f.json:", 0), 0u) << j.message();
    expect_our_sentence(j.message());
  }
}

TEST(ParseJsonText, ControlCharactersAreShownEscaped) {
  auto j = parse_json_text("{\"a\": x\x01\x1b}", "c.json");
  ASSERT_FALSE(j.ok());
  EXPECT_FALSE(contains(j.message(), "\x1b")) << j.message();
  auto dup = parse_json_text("{\"k\\u0007\": 1, \"k\\u0007\": 2}", "c.json");
  ASSERT_FALSE(dup.ok());
  EXPECT_TRUE(contains(dup.message(), "key 'k\\x07'")) << dup.message();
}

TEST(Printable, EscapesControlsAndBrokenUtf8AndCuts) {
  EXPECT_EQ(printable("a\nb\x7f"), "a\\x0ab\\x7f");
  EXPECT_EQ(printable("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(printable("\xc3("), "\\xc3(");
  EXPECT_EQ(printable("abcdef", 3), "abc...");
}

std::string temp_file(const std::string& name, std::size_t bytes) {
  const auto path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path, std::ios::binary) << std::string(bytes, ' ');
  return path;
}

TEST(ReadTextFile, AFileOverTheLimitIsRefusedBeforeItIsRead) {
  const auto path = temp_file("json_text_big.json", 2000);
  auto text = read_text_file(path, "scenario file", 1000);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.message(),
            "The scenario file '" + path + "' is 2000 bytes: files over 1000 bytes are refused.");
  EXPECT_TRUE(read_text_file(path, "scenario file", 2000).ok());
  std::filesystem::remove(path);
}

TEST(ReadTextFile, ADeviceIsReadNoFurtherThanTheLimit) {
  auto text = read_text_file("/dev/zero", "scenario file", 100'000);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.message(),
            "The scenario file '/dev/zero' is larger than 100000 bytes: files over that are "
            "refused.");
}

TEST(ReadTextFile, MissingFilesAndDirectoriesAreOneSentence) {
  EXPECT_EQ(read_text_file("/no/such/file.json", "game record").message(),
            "Cannot open game record '/no/such/file.json'.");
  EXPECT_EQ(read_text_file("/tmp", "game record").message(),
            "The game record '/tmp' is a directory, not a file.");
}

}  // namespace
}  // namespace carroccio::game
