// The `carroccio` Python module (pybind11): the game interface in the shape of OpenSpiel's pyspiel,
// the agents, and batch simulation. Every error a user can cause arrives as carroccio.Error (a
// ValueError) carrying the project's own sentence.
//
//   import carroccio
//   game = carroccio.load_game("bma/legnano", {"facing": True})
//   state = game.new_initial_state()
//   while not state.is_terminal():
//       if state.is_chance_node():
//           actions, probs = zip(*state.chance_outcomes())
//           state.apply_action(random.choices(actions, probs)[0])
//       else:
//           state.apply_action(random.choice(state.legal_actions()))
//   print(state.returns())
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "ai/agent.hpp"
#include "fmt/format.h"
#include "game/driver.hpp"
#include "game/registry.hpp"
#include "game/state.hpp"
#include "rulesets/all.hpp"
#include "sim/batch.hpp"

namespace py = pybind11;
using namespace carroccio;

namespace {

// The error every failure becomes: a ValueError subclass, created at import.
PyObject* g_error = nullptr;

[[noreturn]] void raise(const std::string& sentence) {
  PyErr_SetString(g_error, sentence.c_str());
  throw py::error_already_set();
}

const game::Registry& registry() {
  static const game::Registry r = rulesets::make_registry();
  return r;
}

// nlohmann::json -> Python objects (dict, list, str, int, float, bool, None).
py::object to_python(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list l;
      for (const auto& x : j) l.append(to_python(x));
      return l;
    }
    case nlohmann::json::value_t::object: {
      py::dict d;
      for (const auto& [k, v] : j.items()) d[py::str(k)] = to_python(v);
      return d;
    }
    default:
      return py::none();
  }
}

// Options from a dict {"facing": True, "vcf": "every"} or a text "facing,vcf=every".
game::Options to_options(const py::object& o) {
  if (o.is_none()) return {};
  if (py::isinstance<py::str>(o)) {
    auto parsed = game::parse_options(o.cast<std::string>());
    if (!parsed) raise(parsed.message());
    return *parsed;
  }
  if (!py::isinstance<py::dict>(o))
    raise("Options must be a dict such as {\"facing\": True} or a text such as \"facing,charge\".");
  game::Options out;
  for (const auto& [k, v] : o.cast<py::dict>()) {
    const std::string name = py::str(k);
    if (py::isinstance<py::bool_>(v)) {
      if (v.cast<bool>()) out[name] = "true";
    } else {
      out[name] = py::str(v);
    }
  }
  return out;
}

game::Player viewer_of(const py::object& v, const game::Game& g) {
  if (v.is_none()) return game::kSpectator;
  if (py::isinstance<py::str>(v)) {
    const std::string name = v.cast<std::string>();
    if (name == "spectator") return game::kSpectator;
    if (name == "referee") return game::kReferee;
    auto p = g.find_player(name);
    if (!p) raise(p.message());
    return *p;
  }
  const int p = v.cast<int>();
  if (p < 0 || p >= g.num_players())
    raise(fmt::format("Player {} is not a side of {}/{}: the sides are 0 to {}.", p, g.ruleset(),
                      g.scenario(), g.num_players() - 1));
  return p;
}

class PyGame;

// A State with its Game kept alive.
class PyState {
 public:
  explicit PyState(std::unique_ptr<game::State> s) : s_(std::move(s)) {}
  game::State& get() { return *s_; }
  const game::State& get() const { return *s_; }

  int current_player() const { return s_->current_player(); }
  bool is_terminal() const { return s_->is_terminal(); }
  bool is_chance_node() const { return s_->is_chance_node(); }
  std::vector<game::Action> legal_actions() const { return s_->legal_actions(); }
  std::vector<std::pair<game::Action, double>> chance_outcomes() const {
    const auto outcomes = s_->chance_outcomes();
    std::vector<std::pair<game::Action, double>> out;
    for (std::size_t i = 0; i < outcomes.size(); ++i)
      out.emplace_back(outcomes[i].action, game::outcome_probability(outcomes, i));
    return out;
  }
  void apply_action(game::Action a) {
    if (auto st = s_->apply(a); !st) raise(st.message());
  }
  std::vector<double> returns() const { return s_->returns(); }
  PyState clone() const { return PyState(s_->clone()); }
  std::string to_string() const { return s_->to_string(); }
  std::string action_to_string(game::Action a) const {
    const auto legal = s_->is_chance_node() ? std::vector<game::Action>{} : s_->legal_actions();
    bool known = false;
    for (game::Action x : legal) known = known || x == a;
    for (const auto& o : s_->chance_outcomes()) known = known || o.action == a;
    if (!known && !s_->check_unlisted(a).ok())
      raise(fmt::format("Action {} is not legal here.", a));
    return s_->action_to_string(a);
  }
  py::object to_json(const py::object& viewer) const {
    return to_python(s_->to_json(viewer_of(viewer, s_->game())));
  }
  std::vector<std::pair<int, game::Action>> history() const {
    std::vector<std::pair<int, game::Action>> out;
    for (const auto& h : s_->history()) out.emplace_back(h.player, h.action);
    return out;
  }
  std::vector<double> evaluate() const { return s_->evaluate(); }
  py::object result_summary() const { return to_python(s_->result_summary()); }
  std::string render_text(const py::object& viewer) const {
    return s_->render_text(viewer_of(viewer, s_->game()));
  }
  py::array_t<float> observation_tensor(const py::object& viewer) const {
    std::vector<int> shape;
    std::vector<float> values;
    s_->observation_tensor(viewer_of(viewer, s_->game()), shape, values);
    if (shape.empty()) raise(fmt::format("{} offers no observation tensor.", s_->game().ruleset()));
    std::vector<py::ssize_t> dims(shape.begin(), shape.end());
    py::array_t<float> a(dims);
    std::copy(values.begin(), values.end(), a.mutable_data());
    return a;
  }

 private:
  std::shared_ptr<game::State> s_;
};

class PyGame {
 public:
  explicit PyGame(std::shared_ptr<const game::Game> g) : g_(std::move(g)) {}
  const game::Game& get() const { return *g_; }
  PyState new_initial_state() const { return PyState(g_->new_initial_state()); }
  int num_players() const { return g_->num_players(); }
  std::string player_name(int p) const {
    if (p < 0 || p >= g_->num_players())
      raise(fmt::format("Player {} is not a side of {}/{}.", p, g_->ruleset(), g_->scenario()));
    return g_->player_name(p);
  }
  std::string ruleset() const { return g_->ruleset(); }
  std::string scenario() const { return g_->scenario(); }
  py::dict options() const {
    py::dict d;
    for (const auto& [k, v] : g_->options()) d[py::str(k)] = v;
    return d;
  }

 private:
  std::shared_ptr<const game::Game> g_;
};

PyGame load_game(const std::string& ref, const py::object& options) {
  auto g = registry().load(ref, to_options(options));
  if (!g) raise(g.message());
  return PyGame(*g);
}

// An agent bound to a side of a game, with its own generator.
class PyAgent {
 public:
  PyAgent(const std::string& spec_text, const PyGame& game, int side, std::uint64_t seed)
      : rng_(seed) {
    auto spec = ai::AgentSpec::parse(spec_text);
    if (!spec) raise(spec.message());
    if (side < 0 || side >= game.num_players())
      raise(fmt::format("Side {} is not a side of {}/{}.", side, game.ruleset(), game.scenario()));
    auto a = ai::make_agent(*spec, game.get(), side);
    if (!a) raise(a.message());
    agent_ = std::move(*a);
    side_ = side;
  }
  game::Action step(const PyState& state) {
    const game::State& s = state.get();
    if (s.current_player() != side_)
      raise(fmt::format("It is not the turn of side {} ({}).", side_,
                        s.is_terminal() ? "the game is over" : "another side decides"));
    return agent_->choose(s, rng_);
  }
  std::string name() const { return agent_->name(); }

 private:
  std::unique_ptr<ai::Agent> agent_;
  core::Rng rng_;
  int side_ = 0;
};

py::object simulate(const std::string& ref, std::uint64_t games, std::uint64_t seed, int threads,
                    const py::object& agents, const py::object& options, std::uint64_t first_game) {
  auto g = registry().load(ref, to_options(options));
  if (!g) raise(g.message());
  sim::BatchConfig config;
  config.games = games;
  config.first_game = first_game;
  config.seed = seed;
  config.threads = threads;
  config.agents.assign(static_cast<std::size_t>((*g)->num_players()), ai::AgentSpec{"random", {}});
  if (!agents.is_none()) {
    if (!py::isinstance<py::dict>(agents))
      raise("agents must be a dict from side name to agent kind, e.g. {\"imperial\": \"mcts\"}.");
    for (const auto& [k, v] : agents.cast<py::dict>()) {
      auto p = (*g)->find_player(py::str(k).cast<std::string>());
      if (!p) raise(p.message());
      auto spec = ai::AgentSpec::parse(py::str(v).cast<std::string>());
      if (!spec) raise(spec.message());
      config.agents[static_cast<std::size_t>(*p)] = *spec;
    }
  }
  sim::BatchResult result;
  {
    py::gil_scoped_release release;
    auto r = sim::run_batch(**g, config);
    if (!r) {
      py::gil_scoped_acquire acquire;
      raise(r.message());
    }
    result = std::move(*r);
  }
  return to_python(result.tally.to_json());
}

}  // namespace

PYBIND11_MODULE(carroccio, m) {
  m.doc() =
      "Carroccio: plays, referees and simulates medieval tabletop wargames (the game interface "
      "in the shape of OpenSpiel's pyspiel, the agents and batch simulation).";
  g_error = PyErr_NewExceptionWithDoc("carroccio.Error",
                                      "A problem with what was asked, in one sentence.",
                                      PyExc_ValueError, nullptr);
  m.attr("Error") = py::handle(g_error);
  m.attr("CHANCE") = game::kChancePlayer;
  m.attr("TERMINAL") = game::kTerminalPlayer;
  m.attr("SPECTATOR") = game::kSpectator;
  m.attr("REFEREE") = game::kReferee;

  py::class_<PyState>(m, "State", "A position: decisions and chance outcomes change it.")
      .def("current_player", &PyState::current_player,
           "The side to decide, CHANCE (-1) at a chance node, TERMINAL (-2) at the end.")
      .def("is_terminal", &PyState::is_terminal)
      .def("is_chance_node", &PyState::is_chance_node)
      .def("legal_actions", &PyState::legal_actions, "The legal decisions, sorted.")
      .def("chance_outcomes", &PyState::chance_outcomes,
           "At a chance node: [(action, probability)], exact probabilities.")
      .def("apply_action", &PyState::apply_action, py::arg("action"),
           "Applies a decision or a chance outcome; an illegal one raises carroccio.Error and "
           "changes nothing.")
      .def("returns", &PyState::returns, "Per side: +1 win, -1 loss, 0 draw (or not over).")
      .def("clone", &PyState::clone)
      .def("to_string", &PyState::to_string)
      .def("__str__", &PyState::to_string)
      .def("action_to_string", &PyState::action_to_string, py::arg("action"))
      .def("to_json", &PyState::to_json, py::arg("viewer") = py::none(),
           "The state as a side (index or name), 'spectator' or 'referee' may see it.")
      .def("history", &PyState::history, "[(player, action)] in order.")
      .def("evaluate", &PyState::evaluate, "The ruleset's evaluation per side, in [-1, 1].")
      .def("result_summary", &PyState::result_summary)
      .def("render_text", &PyState::render_text, py::arg("viewer") = py::none())
      .def("observation_tensor", &PyState::observation_tensor, py::arg("viewer") = py::none(),
           "A numpy float32 array of documented planes (docs/python.md), as `viewer` may see.");

  py::class_<PyGame>(m, "Game", "A scenario with its options: makes initial states.")
      .def("new_initial_state", &PyGame::new_initial_state)
      .def("num_players", &PyGame::num_players)
      .def("player_name", &PyGame::player_name, py::arg("player"))
      .def("ruleset", &PyGame::ruleset)
      .def("scenario", &PyGame::scenario)
      .def("options", &PyGame::options);

  py::class_<PyAgent>(m, "Agent", "An AI agent playing one side, with its own seeded generator.")
      .def(py::init<const std::string&, const PyGame&, int, std::uint64_t>(), py::arg("spec"),
           py::arg("game"), py::arg("side"), py::arg("seed") = 1)
      .def("step", &PyAgent::step, py::arg("state"), "The agent's decision at `state`.")
      .def("name", &PyAgent::name);

  m.def("load_game", &load_game, py::arg("ref"), py::arg("options") = py::none(),
        "A built-in scenario ('bma/legnano') or a scenario file, with optional rules.");
  m.def(
      "rulesets",
      []() {
        py::list out;
        for (const auto& r : registry().rulesets())
          out.append(to_python(game::ruleset_info_json(r->info())));
        return out;
      },
      "Every ruleset with its scenarios and options.");
  m.def("agent_kinds", &ai::agent_kinds);
  m.def("sim", &simulate, py::arg("ref"), py::arg("games") = 100, py::arg("seed") = 1,
        py::arg("threads") = 1, py::arg("agents") = py::none(), py::arg("options") = py::none(),
        py::arg("first_game") = 0,
        "Plays games first_game.. of the seed and returns the aggregate statistics (as "
        "'carroccio sim --json' prints them).");
}
