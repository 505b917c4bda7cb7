// What the server answers when something cannot be done: a kind of fault (mapped to an HTTP
// status by the routes) and one sentence for a person.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace carroccio::server {

enum class Fault {
  kBadRequest = 400,     // malformed JSON, a missing or ill-typed field or parameter
  kNotFound = 404,       // unknown game, ruleset, scenario or route
  kConflict = 409,       // stale expect_history, nothing to undo
  kUnprocessable = 422,  // an illegal decision, not this side's turn, a side played by an agent
  kUnavailable = 503,    // the database could not be written (never caused by a request)
};

struct Failure {
  Fault fault;
  std::string message;
};

inline Failure fail(Fault fault, std::string message) { return {fault, std::move(message)}; }

// Either a value or a Failure (like core::Expected, with the kind of fault kept).
template <typename T>
class [[nodiscard]] Outcome {
 public:
  Outcome(T value) : v_(std::move(value)) {}            // NOLINT(google-explicit-constructor)
  Outcome(Failure failure) : v_(std::move(failure)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Failure& failure() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Failure> v_;
};

}  // namespace carroccio::server
