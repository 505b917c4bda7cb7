// What the server answers when something cannot be done: a kind of fault (mapped to an HTTP
// status by the routes) and one sentence for a person.
#pragma once

#include <string>
#include <utility>

#include "core/status.hpp"

namespace carroccio::server {

enum class Fault {
  kBadRequest = 400,     // malformed JSON, a missing or ill-typed field or parameter
  kForbidden = 403,      // acting for (or seeing as) a side without its seat token
  kNotFound = 404,       // unknown game, ruleset, scenario or route
  kConflict = 409,       // stale expect_history, nothing to undo
  kUnprocessable = 422,  // an illegal decision, not this side's turn, a side played by an agent
  kTooMany = 429,        // the server holds as many unfinished games as it may
  kUnavailable = 503,    // the database could not be written (never caused by a request)
};

struct Failure {
  Fault fault;
  std::string message;
};

inline Failure fail(Fault fault, std::string message) { return {fault, std::move(message)}; }

// Either a value or a Failure: a core::Expected (the value, or the sentence as its Error) that
// also keeps the kind of fault, so the routes can map it to an HTTP status.
template <typename T>
class [[nodiscard]] Outcome : public core::Expected<T> {
 public:
  Outcome(T value) : core::Expected<T>(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Outcome(Failure failure)                                   // NOLINT(google-explicit-constructor)
      : core::Expected<T>(core::make_error(std::move(failure.message))), fault_(failure.fault) {}

  // The fault and its sentence (only when !ok()).
  Failure failure() const { return {fault_, this->message()}; }

 private:
  Fault fault_ = Fault::kBadRequest;  // meaningful only when !ok()
};

}  // namespace carroccio::server
