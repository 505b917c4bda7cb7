#include "sim/cluster.hpp"

#include <cstdlib>

#ifdef CARROCCIO_HAS_MPI
#include <mpi.h>
#endif

namespace carroccio::sim {

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "SLURM_NTASKS"})
    if (const char* v = std::getenv(name); v != nullptr && *v != '\0') return true;
  return false;
}

std::pair<std::uint64_t, std::uint64_t> split_range(std::uint64_t first, std::uint64_t count,
                                                    int parts, int k) {
  const auto p = static_cast<std::uint64_t>(parts), i = static_cast<std::uint64_t>(k);
  const std::uint64_t base = count / p, extra = count % p;
  const std::uint64_t start = first + i * base + (i < extra ? i : extra);
  return {start, base + (i < extra ? 1 : 0)};
}

#ifdef CARROCCIO_HAS_MPI

bool Cluster::available() { return true; }

Cluster::Cluster() {
  if (!launched_by_mpi()) return;
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) {
    MPI_Init(nullptr, nullptr);
    joined_ = true;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Cluster::~Cluster() {
  if (joined_) MPI_Finalize();
}

std::vector<std::string> Cluster::gather(const std::string& mine) const {
  if (size_ <= 1) return {mine};
  const int length = static_cast<int>(mine.size());
  std::vector<int> lengths(rank_ == 0 ? static_cast<std::size_t>(size_) : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size());
  std::string all;
  if (rank_ == 0) {
    int at = 0;
    for (std::size_t r = 0; r < lengths.size(); ++r) {
      offsets[r] = at;
      at += lengths[r];
    }
    all.resize(static_cast<std::size_t>(at));
  }
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
              0, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < lengths.size(); ++r)
    out.push_back(
        all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
  return out;
}

void Cluster::barrier() const {
  if (size_ > 1) MPI_Barrier(MPI_COMM_WORLD);
}

#else

bool Cluster::available() { return false; }
Cluster::Cluster() = default;
Cluster::~Cluster() = default;
std::vector<std::string> Cluster::gather(const std::string& mine) const { return {mine}; }
void Cluster::barrier() const {}

#endif

}  // namespace carroccio::sim
