/**
 * The analytical Megatron-LM predictor {@code megatron-analytic} and the {@code plan-llm} command: the
 * iteration time of a GPT trained with tensor, pipeline and data parallelism from the transformer's FLOPs and
 * bytes, the hardware catalog's peak figures and the collective cost model over its links (Shoeybi et al.,
 * "Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism", arXiv:1909.08053,
 * 2019; Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
 * SC'21).
 */
package io.stepcast.analytic.megatron;
