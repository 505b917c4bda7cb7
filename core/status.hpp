// Error values for bad external input: one clear sentence, never an exception across layers.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace carroccio::core {

// An error: one sentence a person can read, saying what was wrong and where.
struct Error {
  std::string message;
};

// Either a value or an Error. A small stand-in for C++23 std::expected.
template <typename T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Expected(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

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

  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }
  const std::string& message() const { return error().message; }

 private:
  std::variant<T, Error> v_;
};

// Success or an Error, with no value.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error.message)), ok_(false) {}  // NOLINT

  static Status Ok() { return Status(); }
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const std::string& message() const { return error_; }

 private:
  std::string error_;
  bool ok_ = true;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

}  // namespace carroccio::core
