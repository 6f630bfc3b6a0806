"""Two long-lived `qmd4j serve` on one vault and one cache, a writer editing a note every
300 ms, one search loop per server: requests answered, errors, per-search latency (ms).

Usage: python3 bench/two-servers.py JAR VAULT SECONDS (the vault is copied to /tmp/ab)."""
import json, os, random, re, shutil, subprocess, sys, threading, time, urllib.parse, urllib.request

jar, fixtures, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
work = f"/tmp/ab/run-{os.getpid()}"
os.makedirs("/tmp/ab", exist_ok=True)
vault, cache = f"{work}/vault", f"{work}/cache"
shutil.copytree(fixtures, vault)
os.makedirs(f"{vault}/bucket/ab"); os.makedirs(cache)
env = dict(os.environ, QMD4J_CACHE_DIR=cache)
servers = []
for i in range(2):
    p = subprocess.Popen(["java", "-jar", jar, "serve", "--engine", "embedded", "--vault", vault,
                          "--port", "0"], env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    for line in p.stderr:
        m = re.search(r"serving .* at (http://\S+/)", line)
        if m: break
    url = m.group(1).rstrip("/")
    log = []
    threading.Thread(target=lambda s=p.stderr, l=log: [l.append(x) for x in s], daemon=True).start()
    servers.append((p, url, log))
stop = False
words = []
def writer():
    n = 0
    while not stop:
        n += 1
        w = "abw%07dx" % n
        with open(f"{vault}/bucket/ab/n{n % 50}.md", "w") as f: f.write(f"# N\n\n{w}\n")
        words.append((w, time.time()))
        time.sleep(0.3)
stats = {}
def searcher(i, url):
    ok = err = 0; lat = []; found_late = 0
    while not stop:
        if not words: time.sleep(0.01); continue
        w, t = words[-1]
        q = urllib.parse.quote(w)
        t0 = time.time()
        try:
            with urllib.request.urlopen(f"{url}/api/search?query={q}&limit=5", timeout=60) as r:
                body = json.load(r)
            ok += 1
        except Exception as e:
            err += 1
        lat.append(time.time() - t0)
    lat.sort()
    stats[i] = dict(ok=ok, err=err, p50=lat[len(lat)//2]*1000 if lat else None,
                    p95=lat[int(len(lat)*0.95)]*1000 if lat else None, max=lat[-1]*1000 if lat else None)
for i, (p, url, log) in enumerate(servers):
    urllib.request.urlopen(f"{url}/api/search?query=*&limit=1", timeout=120).read()
ts = [threading.Thread(target=writer)] + [threading.Thread(target=searcher, args=(i, u)) for i, (p, u, l) in enumerate(servers)]
[t.start() for t in ts]
time.sleep(seconds); stop = True
[t.join() for t in ts]
for p, u, l in servers: p.terminate()
print(json.dumps(stats), "load", open("/proc/loadavg").read().split()[0])
for i, (p, u, l) in enumerate(servers):
    warn = [x.strip() for x in l if "WARN" in x or "ERROR" in x]
    if warn: print(i, warn[:3])
shutil.rmtree(work)
