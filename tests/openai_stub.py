"""A stand-in for an OpenAI-compatible chat endpoint on loopback, for harnesses that call one.

Each request's messages go to ``answer(messages) -> str``; the reply is streamed back as the
Chat Completions API streams (``data:`` chunks, usage last, ``[DONE]``), or sent whole when the
request does not ask for a stream. It binds a free port on 127.0.0.1 and stops with its
``with`` block.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = Callable[[list[dict[str, Any]]], str]


class OpenAIStub:
    """``with OpenAIStub(answer) as stub: ... stub.base_url ...``"""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.requests = 0
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests += 1
                text = stub.answer(body.get("messages", []))
                self._send(body, text)

            def _send(self, body: dict[str, Any], text: str) -> None:
                base = {"id": f"stub-{stub.requests}", "created": int(time.time()),
                        "model": body.get("model", "stub")}  # fmt: skip
                usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
                if body.get("stream"):
                    chunks = [
                        {"choices": [{"index": 0, "finish_reason": None,
                                      "delta": {"role": "assistant", "content": text}}]},
                        {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
                        {"choices": [], "usage": usage},
                    ]  # fmt: skip
                    data = b"".join(
                        b"data: " + json.dumps({**base, "object": "chat.completion.chunk",
                                                **chunk}).encode() + b"\n\n"
                        for chunk in chunks
                    ) + b"data: [DONE]\n\n"  # fmt: skip
                    kind = "text/event-stream"
                else:
                    message = {"role": "assistant", "content": text}
                    choice = {"index": 0, "message": message, "finish_reason": "stop"}
                    whole = {**base, "object": "chat.completion", "usage": usage,
                             "choices": [choice]}  # fmt: skip
                    data, kind = json.dumps(whole).encode(), "application/json"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> OpenAIStub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)
