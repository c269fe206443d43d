package io.stepcast.datasets.kineto;

import io.stepcast.api.collective.Collective;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The collective of each NCCL kernel name, {@code nccl:*} annotation and {@code Collective name} that PyTorch
 * traces carry: the names of NCCL 2.x kernels before and after 2.19, and those {@code ProcessGroupNCCL} records.
 */
class NcclKernelsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)|ALL_REDUCE",
            "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)|ALL_REDUCE",
            "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)|ALL_GATHER",
            "ncclDevKernel_AllGather_RING_LL|ALL_GATHER",
            "ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)|REDUCE_SCATTER",
            "ncclKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)|SEND_RECV",
            "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)|SEND_RECV",
            "ncclKernel_Broadcast_RING_LL_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)|BROADCAST"})
    void aKernelNamesItsCollective(String kernel, Collective kind) {
        assertThat(NcclKernels.isNccl(kernel)).isTrue();
        assertThat(NcclKernels.ofKernel(kernel)).contains(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ncclDevKernel_Generic", "ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)"})
    void aKernelThatDoesNotSayLeavesItToItsArguments(String kernel) {
        assertThat(NcclKernels.isNccl(kernel)).isTrue();
        assertThat(NcclKernels.ofKernel(kernel)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"allreduce,ALL_REDUCE", "allreduce_coalesced,ALL_REDUCE", "_allgather_base,ALL_GATHER",
            "all_gather,ALL_GATHER", "allgather_into_tensor_coalesced,ALL_GATHER",
            "_reduce_scatter_base,REDUCE_SCATTER", "reduce_scatter_tensor_coalesced,REDUCE_SCATTER",
            "all_to_all,ALL_TO_ALL", "alltoall_base,ALL_TO_ALL", "all_to_allv,ALL_TO_ALL", "send,SEND_RECV",
            "recv,SEND_RECV", "broadcast,BROADCAST", "_broadcast_oop,BROADCAST", "reduce,REDUCE"})
    void theCollectiveNamesOfProcessGroupNcclParse(String name, Collective kind) {
        assertThat(NcclKernels.parse(name)).contains(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"barrier", "gather", "scatter", ""})
    void namesOfNoCollectiveParseToNothing(String name) {
        assertThat(NcclKernels.parse(name)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"nccl:all_reduce,ALL_REDUCE", "nccl:_all_gather_base,ALL_GATHER",
            "nccl:_reduce_scatter_base,REDUCE_SCATTER", "nccl:all_to_all,ALL_TO_ALL",
            "nccl:send 2->3,SEND_RECV", "nccl:recv 2<-1,SEND_RECV", "nccl:broadcast,BROADCAST"})
    void anAnnotationNamesItsCollectiveAndPointToPointOnesTheirPeers(String annotation, Collective kind) {
        assertThat(NcclKernels.ofAnnotation(annotation)).contains(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"aten::mm", "ProfilerStep#3", "nccl:barrier"})
    void otherAnnotationsAreNoCollective(String annotation) {
        assertThat(NcclKernels.ofAnnotation(annotation)).isEmpty();
    }
}
