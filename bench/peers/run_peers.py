"""The peers' side of `npm run bench:peers`: adds a corpus to Mem0 (open source, infer=False, its default local
Qdrant store) or to a standalone Qdrant (local mode, in process), then runs the queries, with the same
ONNX weights, pooling, query instruction and token limit Mnemo uses (passed by bench/peers.ts). Reads a JSON corpus, writes
JSON results: add seconds, per-query latency, ranked item ids, peak RSS. No network: telemetry off, the LLM unused.
"""

import argparse
import json
import os
import resource
import sys
import tempfile
import time

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer


class OnnxEmbedder:
    """The ONNX model file Mnemo's installer put in .models, run as transformers.js runs it for Mnemo."""

    def __init__(self, model_dir: str, onnx_file: str, pooling: str, query_prefix: str, max_length: int):
        self.tokenizer = Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=max_length)
        self.tokenizer.enable_padding()
        self.pooling = pooling
        self.query_prefix = query_prefix
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 2
        self.session = ort.InferenceSession(os.path.join(model_dir, "onnx", onnx_file), opts, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}

    def embed_many(self, texts):
        out = []
        for start in range(0, len(texts), 32):
            enc = self.tokenizer.encode_batch(texts[start : start + 32])
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self.inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            hidden = self.session.run(None, feed)[0]
            if self.pooling == "cls":
                pooled = hidden[:, 0, :]
            else:
                summed = (hidden * mask[:, :, None]).sum(axis=1)
                pooled = summed / np.clip(mask.sum(axis=1, keepdims=True), 1e-9, None)
            pooled = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out.extend(pooled.astype(np.float32))
        return out

    def embed_query(self, text):
        return self.embed_many([self.query_prefix + text])[0]

    # Mem0's embedder interface: memory_action is "add", "update" or "search".
    def embed(self, text, memory_action=None):
        if memory_action == "search":
            return self.embed_query(text).tolist()
        return self.embed_many([text])[0].tolist()


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_mem0(corpus, model, workdir):
    os.environ.setdefault("MEM0_TELEMETRY", "False")
    os.environ.setdefault("OPENAI_API_KEY", "unused-by-infer-false")
    from mem0 import Memory

    config = {
        "vector_store": {"provider": "qdrant", "config": {"collection_name": "bench", "path": os.path.join(workdir, "qdrant"), "embedding_model_dims": 384, "on_disk": True}},
        "history_db_path": os.path.join(workdir, "history.db"),
    }
    memory = Memory.from_config(config)
    # Mem0 has no hook for a local ONNX model: its embedder object is replaced by one with the same interface.
    memory.embedding_model = model
    t0 = time.perf_counter()
    for d in corpus["docs"]:
        memory.add(d["text"], user_id=d["tag"], metadata={"item": d["id"]}, infer=False)
    add_seconds = time.perf_counter() - t0
    results = []
    for q in corpus["queries"]:
        t = time.perf_counter()
        found = memory.search(q["q"], filters={"user_id": q["tag"]}, limit=corpus["limit"])
        ms = (time.perf_counter() - t) * 1000
        hits = found["results"] if isinstance(found, dict) else found
        results.append({"id": q["id"], "ms": ms, "items": [h.get("metadata", {}).get("item") for h in hits]})
    return add_seconds, results


def run_qdrant(corpus, model, workdir):
    from qdrant_client import QdrantClient, models

    client = QdrantClient(path=os.path.join(workdir, "qdrant-standalone"))
    client.create_collection("bench", vectors_config=models.VectorParams(size=384, distance=models.Distance.COSINE, on_disk=True))
    t0 = time.perf_counter()
    docs = corpus["docs"]
    for start in range(0, len(docs), 256):
        batch = docs[start : start + 256]
        vectors = model.embed_many([d["text"] for d in batch])
        client.upsert("bench", points=[models.PointStruct(id=start + i, vector=v.tolist(), payload={"item": d["id"], "tag": d["tag"]}) for i, (d, v) in enumerate(zip(batch, vectors))])
    add_seconds = time.perf_counter() - t0
    results = []
    for q in corpus["queries"]:
        t = time.perf_counter()
        vector = model.embed_query(q["q"]).tolist()
        hits = client.query_points("bench", query=vector, limit=corpus["limit"], query_filter=models.Filter(must=[models.FieldCondition(key="tag", match=models.MatchValue(value=q["tag"]))])).points
        ms = (time.perf_counter() - t) * 1000
        results.append({"id": q["id"], "ms": ms, "items": [h.payload["item"] for h in hits]})
    return add_seconds, results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--system", choices=["mem0", "qdrant"], required=True)
    parser.add_argument("--input", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--onnx", default="model.onnx")
    parser.add_argument("--pooling", choices=["mean", "cls"], default="mean")
    parser.add_argument("--query-prefix", default="")
    parser.add_argument("--max-length", type=int, default=256)
    args = parser.parse_args()
    with open(args.input, encoding="utf-8") as f:
        corpus = json.load(f)
    model = OnnxEmbedder(args.model_dir, args.onnx, args.pooling, args.query_prefix, args.max_length)
    model.embed_many(["warm up"])
    with tempfile.TemporaryDirectory(prefix=f"peers-{args.system}-") as workdir:
        add_seconds, results = (run_mem0 if args.system == "mem0" else run_qdrant)(corpus, model, workdir)
    import importlib.metadata as md

    package = "mem0ai" if args.system == "mem0" else "qdrant-client"
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump({"system": args.system, "version": md.version(package), "addSeconds": add_seconds, "peakRssMb": peak_rss_mb(), "results": results}, f)


if __name__ == "__main__":
    sys.exit(main())
