// One study over the processes of an MPI job (Open MPI's mpirun, or srun on a Slurm cluster).
//
// When carroccio is built with MPI (CARROCCIO_HAS_MPI, found at configure time) and started by
// mpirun or srun, each process is a rank: the games of a study are split into contiguous ranges,
// one per rank (split_range), each rank plays its own with its own threads, and rank 0 gathers
// what every rank counted and adds it up with the same exact merge as `carroccio sim merge`. A
// build without MPI, or a process started on its own, is a cluster of one.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace carroccio::sim {

class Cluster {
 public:
  // Joins the MPI job this process was started in, if any (MPI_Init); otherwise a cluster of one.
  // One per process; its destructor leaves the job (MPI_Finalize).
  Cluster();
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool active() const { return size_ > 1; }

  // Every rank's text, in rank order, on rank 0; an empty list on the other ranks. Every rank
  // must call it, the same number of times.
  std::vector<std::string> gather(const std::string& mine) const;
  // Waits until every rank has reached it.
  void barrier() const;

  // Whether this build can join an MPI job at all.
  static bool available();

 private:
  int rank_ = 0;
  int size_ = 1;
  bool joined_ = false;
};

// The games [first, first + count) split into `parts` contiguous ranges as equal as can be, the
// earlier ranges one longer: part `k` as (its first game, its count).
std::pair<std::uint64_t, std::uint64_t> split_range(std::uint64_t first, std::uint64_t count,
                                                    int parts, int k);

// Whether the environment says this process was started by mpirun, mpiexec or srun.
bool launched_by_mpi();

}  // namespace carroccio::sim
