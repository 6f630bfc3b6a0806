# The launchers' short way to a running daemon, sourced by bin/qmd4j and by ./qmd4j in the
# source tree. A command that a daemon of this jar serves is sent to it through the loopback
# port the daemon opened for this script (bash's own /dev/tcp), so that it costs no JVM start:
# the Java client does the same through the daemon's socket at the price of a JVM. Every case
# this script does not handle exactly as the Java client would goes through Java: no daemon,
# another build's daemon, the daemon turned off or asked about (help, version, logs), a time
# zone the daemon cannot tell, a bash without /dev/tcp. The protocol is the daemon's
# (org.qmd4j.cli.daemon.LoopbackRelay); the checks mirror DaemonClient and DaemonPaths.
#
# qmd4j_relay JAR ARGS...  returns the command's exit code, or 200 (nothing printed) when the
# command must run through Java.

qmd4j_relay() {
  local - # the caller's shell options come back on return
  set +eu
  local _qr_jar="$1"
  shift
  case "${1:-}" in
    search|find|tasks|changelog|states|descriptions|buckets|brief|concat|read|tree|doctor) ;;
    *) return 200 ;;
  esac
  _qmd4j_blank "${QMD4J_LOG:-}" || return 200
  local _qr_off="${QMD4J_NO_DAEMON:-}"
  _qr_off="${_qr_off#"${_qr_off%%[![:space:]]*}"}"
  _qr_off="${_qr_off%"${_qr_off##*[![:space:]]}"}"
  [[ -z "$_qr_off" || "$_qr_off" == 0 ]] || return 200
  local -a _qr_args=("$@")
  local _qr_i _qr_arg _qr_vault="" _qr_named=0
  for ((_qr_i = 1; _qr_i < $#; _qr_i++)); do
    _qr_arg="${_qr_args[_qr_i]}"
    [[ "$_qr_arg" != -- ]] || break
    case "$_qr_arg" in
      --no-daemon|-v|--verbose|-h|--help|-V|--version) return 200 ;;
    esac
  done
  for ((_qr_i = 1; _qr_i < $#; _qr_i++)); do # the first --vault VALUE or --vault=VALUE
    _qr_arg="${_qr_args[_qr_i]}"
    [[ "$_qr_arg" != -- ]] || break
    if [[ "$_qr_arg" == --vault ]] && (( _qr_i + 1 < $# )); then
      _qr_vault="${_qr_args[_qr_i + 1]}" _qr_named=1
      break
    elif [[ "$_qr_arg" == --vault=* ]]; then
      _qr_vault="${_qr_arg#--vault=}" _qr_named=1
      break
    fi
  done
  if (( ! _qr_named )); then
    if _qmd4j_blank "${QMD4J_VAULT:-}"; then _qr_vault=.; else _qr_vault="$QMD4J_VAULT"; fi
  fi
  ! _qmd4j_blank "$_qr_vault" || return 200
  [[ "$_qr_vault" == /* ]] || _qr_vault="./$_qr_vault"

  # The daemon's folder is <cache>/<name>-<hash of the real path>/daemon (DaemonPaths); its
  # relay file names the vault it serves, so that no hash is computed here.
  local _qr_real _qr_cwd _qr_name _qr_root _qr_file _qr_found=""
  # The physical working directory (what a JVM's user.dir is) and the vault's real path.
  _qr_real="$(pwd -P && CDPATH='' cd -P -- "$_qr_vault" 2>/dev/null && pwd)" || return 200
  _qr_cwd="${_qr_real%%$'\n'*}"
  _qr_real="${_qr_real#*$'\n'}"
  [[ "$_qr_cwd" != *$'\n'* && "$_qr_real" != *$'\n'* && "$_qr_real" == /* ]] || return 200
  _qr_name="${_qr_real##*/}"
  _qr_name="${_qr_name:-root}"
  _qr_name="${_qr_name//[!ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-]/_}"
  if ! _qmd4j_blank "${QMD4J_CACHE_DIR:-}"; then _qr_root="$QMD4J_CACHE_DIR"
  elif ! _qmd4j_blank "${XDG_CACHE_HOME:-}" && [[ "$XDG_CACHE_HOME" == /* ]]; then
    _qr_root="$XDG_CACHE_HOME/qmd4j"
  elif ! _qmd4j_blank "${HOME:-}"; then _qr_root="$HOME/.cache/qmd4j"
  else return 200
  fi
  local _qr_port _qr_token _qr_zone _qr_built _qr_served
  for _qr_file in "$_qr_root/$_qr_name"-????????????/daemon/daemon.relay; do
    [[ -f "$_qr_file" && -O "$_qr_file" ]] || continue
    { read -r _qr_port _qr_token _qr_zone _qr_built && read -r _qr_served; } < "$_qr_file" \
      || continue
    if [[ "$_qr_served" == "$_qr_real" ]]; then _qr_found="$_qr_file"; break; fi
  done
  [[ -n "$_qr_found" && "$_qr_port" =~ ^[0-9]+$ && "$_qr_built" == "$_qr_jar" ]] || return 200
  [[ ! "$_qr_jar" -nt "$_qr_found" ]] || return 200

  # What the Java client sends: the arguments, the working directory, the time zone, whether
  # stdin and stdout are a terminal, the exported environment.
  local _qr_mode=buffered _qr_console=0 _qr_tz=- _qr_n
  if [[ -t 0 && -t 1 ]]; then _qr_mode=framed _qr_console=1; fi
  [[ -z "${TZ+set}" ]] || _qr_tz="=$TZ"
  local -a _qr_env=()
  for _qr_n in ${!A@} ${!B@} ${!C@} ${!D@} ${!E@} ${!F@} ${!G@} ${!H@} ${!I@} ${!J@} ${!K@} \
      ${!L@} ${!M@} ${!N@} ${!O@} ${!P@} ${!Q@} ${!R@} ${!S@} ${!T@} ${!U@} ${!V@} ${!W@} \
      ${!X@} ${!Y@} ${!Z@} ${!a@} ${!b@} ${!c@} ${!d@} ${!e@} ${!f@} ${!g@} ${!h@} ${!i@} \
      ${!j@} ${!k@} ${!l@} ${!m@} ${!n@} ${!o@} ${!p@} ${!q@} ${!r@} ${!s@} ${!t@} ${!u@} \
      ${!v@} ${!w@} ${!x@} ${!y@} ${!z@} ${!_@}; do
    [[ "${!_qr_n@a}" != *x* ]] || _qr_env+=("$_qr_n=${!_qr_n}")
  done

  local _qr_fd
  { exec {_qr_fd}<>"/dev/tcp/127.0.0.1/$_qr_port"; } 2>/dev/null || return 200
  # Lengths are in bytes: read them in the C locale (restored when the function returns).
  local LC_ALL=C
  # Whatever listens on a port a dead daemon left may close it: a failed write means Java.
  trap '' PIPE
  if ! { printf 'qmd4j-relay/1 %s\n' "$_qr_token" && printf '%s\0' "$_qr_mode" "$_qr_cwd" \
      "$_qr_tz" "$_qr_console" "$#" "$@" "${#_qr_env[@]}" "${_qr_env[@]}"; } \
      >&"$_qr_fd" 2>/dev/null; then
    trap - PIPE
    exec {_qr_fd}<&-
    return 200
  fi
  trap - PIPE
  local _qr_kind _qr_len _qr_size _qr_body _qr_printed=0
  # The daemon's first line says whether it takes the command; an answer that does not come
  # at once is not the daemon's.
  if ! IFS=' ' read -r -t 10 _qr_kind _qr_len <&"$_qr_fd" || [[ "$_qr_kind" != h ]]; then
    exec {_qr_fd}<&-
    return 200
  fi
  while IFS=' ' read -r _qr_kind _qr_len _qr_size <&"$_qr_fd"; do
    case "$_qr_kind" in
      o|e)
        IFS= read -r -d '' -N "$_qr_len" _qr_body <&"$_qr_fd" || break
        if [[ "$_qr_kind" == o ]]; then printf '%s' "$_qr_body"; else printf '%s' "$_qr_body" >&2; fi
        _qr_printed=1 ;;
      x) # the exit code, then (buffered) stdout's size and bytes
        if [[ "${_qr_size:-0}" != 0 ]]; then cat <&"$_qr_fd" || true; fi
        exec {_qr_fd}<&-
        return "$_qr_len" ;;
      *) break ;;
    esac
  done
  exec {_qr_fd}<&-
  (( _qr_printed )) || return 200
  printf '\nqmd4j: the daemon serving this vault stopped while answering; run the command again (it runs without the daemon until one is started)\n' >&2
  return 1
}

# Whether $1 is empty or only white space (Java's isBlank).
_qmd4j_blank() {
  [[ "$1" != *[![:space:]]* ]]
}
