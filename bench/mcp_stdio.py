"""A minimal MCP client over stdio for the bench scripts: starts `qmd4j mcp` on a vault and
sends JSON-RPC requests one at a time (each waits for its own answer)."""
import json
import os
import subprocess

# The queries the bench scripts search, one word or two, common and rare in generated vaults.
QUERIES = ["décision", "blocage paiement", "bloqué", "budget", "livraison", "serveur",
           "recrutement", "facture", "migration", "client", "réunion", "retard",
           "contrat", "banque prêt", "comité", "trésorerie", "fournisseur", "projet",
           "prototype", "audit"]


class Qmd4jMcp:
    def __init__(self, vault, command=None, engine="embedded"):
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        command = command or [os.path.join(root, "qmd4j")]
        env = dict(os.environ)
        if engine == "embedded":
            env["QMD4J_SEARCH_FALLBACK"] = "1"
        else:  # the variable forces the embedded engine whatever --engine says
            env.pop("QMD4J_SEARCH_FALLBACK", None)
        self.server = subprocess.Popen([*command, "mcp", "--vault", vault, "--engine", engine],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, env=env)
        self._ids = iter(range(1, 1_000_000))

    def initialize(self):
        self.call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                 "clientInfo": {"name": "bench", "version": "1"}})
        self.call("notifications/initialized", {}, notify=True)

    def call(self, method, params, notify=False):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notify:
            msg["id"] = next(self._ids)
        self.server.stdin.write((json.dumps(msg) + "\n").encode())
        self.server.stdin.flush()
        if notify:
            return None
        while True:
            line = self.server.stdout.readline()
            if not line:
                raise SystemExit("qmd4j mcp stopped")
            if not line.startswith(b"{"):
                continue  # not a frame: a JVM message (jcmd JFR.start echoes on stdout)
            reply = json.loads(line)
            if reply.get("id") == msg["id"]:
                if "error" in reply:
                    raise SystemExit(f"error: {reply['error']}")
                return reply["result"]

    def close(self, timeout):
        self.server.stdin.close()
        self.server.wait(timeout=timeout)
