# How the clx modules are defined: ocv_define_module's steps, plus the cv::cuda
# module their benchmarks compare with (cudaarithm, cudawarping) as a dependency
# of the perf binary only when OpenCV has it; the libraries never link CUDA.
#   clx_define_module(<name> <cuda module for the perf binary> <ocv_add_module arguments>...)
macro(clx_define_module name perf_cuda_module)
  ocv_add_module(${name} ${ARGN})
  ocv_glob_module_sources()
  ocv_module_include_directories()
  ocv_create_module()
  ocv_add_accuracy_tests()
  if(HAVE_${perf_cuda_module})
    ocv_add_perf_tests(DEPENDS_ON ${perf_cuda_module})
    if(TARGET opencv_perf_${name})
      ocv_target_include_modules(opencv_perf_${name} ${perf_cuda_module})   # DEPENDS_ON only links
    endif()
  else()
    ocv_add_perf_tests()
  endif()
endmacro()
