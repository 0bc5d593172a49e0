# From the repository root on a GPU machine (NVIDIA's OpenCL registered).
set -e
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cc -O2 perf/opencl/host_row_writes.c -lOpenCL -o /tmp/host_row_writes
cc -O2 perf/opencl/fed_downloads.c -lOpenCL -lpthread -o /tmp/fed_downloads
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.max,pcie.link.width.max --format=csv
echo '$ ./host_row_writes gpu 48'; /tmp/host_row_writes gpu 48
echo '$ ./host_row_writes gpu 200'; /tmp/host_row_writes gpu 200
echo '$ ./fed_downloads gpu 208'; /tmp/fed_downloads gpu 208
