/**
 * Local sentence embeddings for the embedded engine's deep search: a model folder run with
 * ONNX Runtime and a Hugging Face tokenizer. {@link org.qmd4j.semantic.OnnxEmbeddingModel} is
 * the model; {@link org.qmd4j.semantic.OnnxModelLoader} serves {@code QMD4J_MODEL} and
 * {@code --model DIR}. Everything else here is internal. Parameters and return values are
 * non-null unless documented otherwise.
 */
package org.qmd4j.semantic;
