#!/usr/bin/env python3
"""Compares compile time with and without the precompiled headers (docs/performance.md).

Usage: python3 scripts/pch-ab.py [BUILD_DIR] [--files N] [--seed S]

Picks N files (default 12) at random from BUILD_DIR/compile_commands.json (default build/asan, a
build configured with CARROCCIO_PCH=ON) and compiles each twice in turn, with its precompiled
header and with the -include-pch arguments removed, into a scratch object, summing the CPU time
(user + system) of each way. Taking the two in turn, file by file, keeps a loaded machine's
slowness out of the comparison.
"""
import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile


def cpu_of(command, directory):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, shell=True, cwd=directory, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build_dir", nargs="?", default="build/asan")
    parser.add_argument("--files", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    path = os.path.join(args.build_dir, "compile_commands.json")
    try:
        with open(path) as f:
            commands = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"pch-ab: cannot read {path}: {e}")
    users = [c for c in commands if "-include-pch" in c["command"] and "cmake_pch" not in c["file"]]
    if not users:
        sys.exit(f"pch-ab: no compile in {path} uses a precompiled header (configure with "
                 "-DCARROCCIO_PCH=ON)")
    random.seed(args.seed)
    sample = random.sample(users, min(args.files, len(users)))
    scratch = os.path.join(tempfile.mkdtemp(prefix="pch-ab-"), "file.o")
    total = {"with": 0.0, "without": 0.0}
    for c in sample:
        with_pch = re.sub(r"-o \S+", f"-o {scratch}", c["command"])
        without = re.sub(r"-Xclang -include-pch -Xclang \S+ -Xclang -include -Xclang \S+", "",
                         with_pch)
        without = without.replace("-Winvalid-pch", "").replace("-fpch-instantiate-templates", "")
        a = cpu_of(with_pch, c["directory"])
        b = cpu_of(without, c["directory"])
        total["with"] += a
        total["without"] += b
        print(f"{os.path.relpath(c['file'])}: with {a:.1f} s, without {b:.1f} s", flush=True)
    print(f"total: with {total['with']:.1f} CPU s, without {total['without']:.1f} CPU s")


if __name__ == "__main__":
    main()
