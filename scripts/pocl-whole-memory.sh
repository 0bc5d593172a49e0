#!/bin/sh
# Runs a command with PoCL seeing all of this machine's memory.
# PoCL sizes its CPU device from hwloc's NUMA-node memory: global memory is that
# less 2 GiB, the largest allocation a quarter of it rounded up to a power of
# two. Some virtual machines report much less memory in their NUMA node than in
# /proc/meminfo (seen: 9.6 of 23.5 GiB, hence no allocation past 2 GiB, which the
# tests of images past 2^31 bytes need). On such a machine with one NUMA node,
# hwloc is handed this machine's topology with MemTotal as the node's memory.
set -eu
total_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
nodes=$(ls -d /sys/devices/system/node/node[0-9]* 2>/dev/null | wc -l)
if [ "$nodes" -eq 1 ] && command -v lstopo-no-graphics >/dev/null 2>&1; then
    node_kb=$(awk '/MemTotal:/ { print $4 }' /sys/devices/system/node/node*/meminfo)
    if [ "$node_kb" -lt "$total_kb" ]; then
        xml=$(mktemp --suffix=.xml)
        trap 'rm -f "$xml"' EXIT
        lstopo-no-graphics --of xml |
            sed "s/local_memory=\"[0-9]*\"/local_memory=\"$((total_kb * 1024))\"/" > "$xml"
        echo "pocl-whole-memory.sh: NUMA node memory ${node_kb} kB < MemTotal ${total_kb} kB: hwloc given MemTotal" >&2
        set +e
        HWLOC_XMLFILE="$xml" "$@"
        exit $?
    fi
fi
exec "$@"
