/*
 * landlock-exec: confines itself with Landlock, then executes a program (the agent's bash), which
 * inherits the confinement with everything it starts, irrevocably.
 *
 *   landlock-exec [--probe] [--max-abi N] [--no-network] [--confine-exec]
 *                 [--write PATH]... [--exec PATH]... -- PROGRAM [ARG]...
 *
 * --write PATH    PATH and everything beneath it may be written, made, removed, truncated
 * --exec PATH     PATH (a file, or a directory and everything beneath it) may be executed
 * --confine-exec  only what --exec names may be executed (otherwise execution is not restricted)
 * --no-network    no TCP bind or connect (ABI 4 and later)
 * --max-abi N     use at most ABI N of the kernel's: how tests stand in for an older kernel
 * --probe         build the same ruleset, print what would hold, and exit without confining
 *
 * Reading is never restricted. Signals and abstract Unix sockets are always scoped to the domain
 * where the kernel offers it (ABI 6). A path that does not exist is skipped and counted: the
 * access it would have granted stays refused.
 *
 * What held is printed as one line, `abi=N <feature>... rules=N missing=N`, on standard output
 * with --probe. Without it, any failure ends the helper before PROGRAM runs (exit 125): it never
 * runs PROGRAM unconfined.
 *
 * Freestanding, without libc, so one static file of a few kilobytes runs on any Linux of its
 * architecture: raw system calls for x86_64 and aarch64, its own _start.
 */

typedef unsigned long u64;
typedef long s64;
typedef int s32;

#if defined(__x86_64__)
#define SYS_write 1
#define SYS_close 3
#define SYS_execve 59
#define SYS_prctl 157
#define SYS_exit_group 231
#define SYS_openat 257
#elif defined(__aarch64__)
#define SYS_openat 56
#define SYS_close 57
#define SYS_write 64
#define SYS_exit_group 94
#define SYS_prctl 167
#define SYS_execve 221
#else
#error "landlock-exec is built for x86_64 and aarch64 only"
#endif
/* The same numbers on every architecture (the generic table). */
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446

#define AT_FDCWD (-100)
#define O_DIRECTORY 0200000
#define O_CLOEXEC 02000000
#define O_PATH 010000000
#define PR_SET_NO_NEW_PRIVS 38

#define ENOENT 2
#define EACCES 13
#define ENOTDIR 20
#define ENOSYS 38
#define ELOOP 40
#define EOPNOTSUPP 95

#define LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#define LANDLOCK_RULE_PATH_BENEATH 1

#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)     /* ABI 2 */
#define FS_TRUNCATE (1ULL << 14)  /* ABI 3 */
#define FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#define NET_BIND_TCP (1ULL << 0)  /* ABI 4 */
#define NET_CONNECT_TCP (1ULL << 1)
#define SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define SCOPE_SIGNAL (1ULL << 1)

/* Every right that changes the file system, as far as ABI 1 knows them. */
#define FS_WRITES_V1                                                                          \
  (FS_WRITE_FILE | FS_REMOVE_DIR | FS_REMOVE_FILE | FS_MAKE_CHAR | FS_MAKE_DIR | FS_MAKE_REG | \
   FS_MAKE_SOCK | FS_MAKE_FIFO | FS_MAKE_BLOCK | FS_MAKE_SYM)
/* The rights a rule on a file (not a directory) may carry. */
#define FS_FILE_RIGHTS (FS_EXECUTE | FS_WRITE_FILE | FS_TRUNCATE | FS_IOCTL_DEV | (1ULL << 2))

struct ruleset_attr {
  u64 handled_access_fs;
  u64 handled_access_net;
  u64 scoped;
};

struct path_beneath_attr {
  u64 allowed_access;
  s32 parent_fd;
} __attribute__((packed));

static s64 syscall6(s64 n, s64 a, s64 b, s64 c, s64 d, s64 e, s64 f) {
#if defined(__x86_64__)
  register s64 r10 __asm__("r10") = d;
  register s64 r8 __asm__("r8") = e;
  register s64 r9 __asm__("r9") = f;
  s64 ret;
  __asm__ volatile("syscall"
                   : "=a"(ret)
                   : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                   : "rcx", "r11", "memory");
  return ret;
#else
  register s64 x8 __asm__("x8") = n;
  register s64 x0 __asm__("x0") = a;
  register s64 x1 __asm__("x1") = b;
  register s64 x2 __asm__("x2") = c;
  register s64 x3 __asm__("x3") = d;
  register s64 x4 __asm__("x4") = e;
  register s64 x5 __asm__("x5") = f;
  __asm__ volatile("svc 0"
                   : "+r"(x0)
                   : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
                   : "memory");
  return x0;
#endif
}

#define sys3(n, a, b, c) syscall6((n), (s64)(a), (s64)(b), (s64)(c), 0, 0, 0)

/* The compiler may emit calls to these for struct initialisation, even freestanding. */
void *memset(void *dest, int c, unsigned long n) {
  unsigned char *d = dest;
  while (n--) *d++ = (unsigned char)c;
  return dest;
}

void *memcpy(void *dest, const void *src, unsigned long n) {
  unsigned char *d = dest;
  const unsigned char *s = src;
  while (n--) *d++ = *s++;
  return dest;
}

static int same(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

/* The line being printed; one write(2) for the whole of it, so lines never interleave. */
static char line[4096];
static unsigned long used;

static void put(const char *s) {
  while (*s && used < sizeof line - 1) line[used++] = *s++;
}

static void put_number(u64 n) {
  char digits[24];
  int i = 0;
  do digits[i++] = (char)('0' + n % 10), n /= 10;
  while (n);
  while (i) {
    char one[2] = {digits[--i], 0};
    put(one);
  }
}

static void flush(int fd) {
  line[used++] = '\n';
  sys3(SYS_write, fd, line, used);
  used = 0;
}

static const char *reason(s64 error) {
  switch (error) {
    case ENOSYS: return "Landlock is not in this kernel";
    case EOPNOTSUPP: return "Landlock is not enabled in this kernel";
    case EACCES: return "permission denied";
    case ENOENT: return "no such file or directory";
    case ELOOP: return "too many symbolic links";
    default: return "error";
  }
}

__attribute__((noreturn)) static void fail(const char *what, const char *path, s64 error) {
  used = 0;
  put("landlock-exec: ");
  put(what);
  if (path) put(" "), put(path);
  if (error) put(": "), put(reason(error)), put(" (errno "), put_number((u64)error), put(")");
  flush(2);
  sys3(SYS_exit_group, 125, 0, 0);
  __builtin_unreachable();
}

static u64 parse_number(const char *s) {
  u64 n = 0;
  if (!*s) fail("--max-abi needs a number, got", s, 0);
  for (; *s; s++) {
    if (*s < '0' || *s > '9') fail("--max-abi needs a number, got", s, 0);
    n = n * 10 + (u64)(*s - '0');
  }
  return n;
}

/* Rules are added as they are read, so argv is walked twice: options first, rules second. */
struct options {
  int probe;
  int no_network;
  int confine_exec;
  u64 max_abi;
  char **program;
};

static void read_options(char **argv, struct options *o) {
  o->max_abi = ~0ULL;
  for (char **a = argv + 1; *a; a++) {
    if (same(*a, "--")) {
      o->program = a + 1;
      return;
    } else if (same(*a, "--probe")) {
      o->probe = 1;
    } else if (same(*a, "--no-network")) {
      o->no_network = 1;
    } else if (same(*a, "--confine-exec")) {
      o->confine_exec = 1;
    } else if (same(*a, "--max-abi") && a[1]) {
      o->max_abi = parse_number(*++a);
    } else if ((same(*a, "--write") || same(*a, "--exec")) && a[1]) {
      a++;
    } else {
      fail("unknown argument", *a, 0);
    }
  }
}

/*
 * Adds one path-beneath rule; returns 0 when the path does not exist. A file's rule may carry only
 * the rights that apply to files, so a path that is no directory is opened again as a file.
 */
static int add_path_rule(int ruleset, const char *path, u64 rights) {
  struct path_beneath_attr rule;
  s64 fd = sys3(SYS_openat, AT_FDCWD, path, O_PATH | O_CLOEXEC | O_DIRECTORY);
  if (fd == -ENOTDIR) {
    fd = sys3(SYS_openat, AT_FDCWD, path, O_PATH | O_CLOEXEC);
    rights &= FS_FILE_RIGHTS;
  }
  if (fd == -ENOENT || fd == -ENOTDIR) return 0;
  if (fd < 0) fail("cannot open", path, -fd);
  rule.allowed_access = rights;
  rule.parent_fd = (s32)fd;
  s64 added = sys3(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule);
  sys3(SYS_close, fd, 0, 0);
  if (added < 0) fail("landlock_add_rule", path, -added);
  return 1;
}

static void start(char **argv, char **envp) {
  struct options o = {0};
  read_options(argv, &o);
  if (!o.probe && (!o.program || !*o.program)) fail("no program to run after --", 0, 0);

  s64 abi = sys3(SYS_landlock_create_ruleset, 0, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 0) fail("unavailable", 0, -abi);
  if ((u64)abi > o.max_abi) abi = (s64)o.max_abi;
  if (abi < 1) fail("unavailable: --max-abi 0", 0, 0);

  /* What this ABI can enforce: a right the kernel does not know would make the ruleset invalid. */
  u64 writes = FS_WRITES_V1;
  if (abi >= 2) writes |= FS_REFER;
  if (abi >= 3) writes |= FS_TRUNCATE;
  if (abi >= 5) writes |= FS_IOCTL_DEV;
  struct ruleset_attr attr = {0};
  attr.handled_access_fs = writes | (o.confine_exec ? FS_EXECUTE : 0);
  if (o.no_network && abi >= 4) attr.handled_access_net = NET_BIND_TCP | NET_CONNECT_TCP;
  if (abi >= 6) attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL;
  /* The size the ABI defines: an older kernel refuses a larger attribute it cannot read. */
  unsigned long size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
  s64 ruleset = sys3(SYS_landlock_create_ruleset, &attr, size, 0);
  if (ruleset < 0) fail("landlock_create_ruleset", 0, -ruleset);

  u64 rules = 0, missing = 0;
  for (char **a = argv + 1; *a && !same(*a, "--"); a++) {
    u64 rights = 0;
    if (same(*a, "--write")) rights = writes;
    else if (same(*a, "--exec")) rights = o.confine_exec ? FS_EXECUTE : 0;
    else if (same(*a, "--max-abi")) a++;
    if (!rights) continue;
    if (add_path_rule((int)ruleset, *++a, rights)) rules++;
    else missing++;
  }

  put("abi=");
  put_number((u64)abi);
  put(" writes");
  if (writes & FS_REFER) put(" refer");
  if (writes & FS_TRUNCATE) put(" truncate");
  if (writes & FS_IOCTL_DEV) put(" ioctl-dev");
  if (attr.handled_access_fs & FS_EXECUTE) put(" exec");
  if (attr.handled_access_net) put(" network");
  if (attr.scoped & SCOPE_SIGNAL) put(" scope-signal");
  if (attr.scoped & SCOPE_ABSTRACT_UNIX_SOCKET) put(" scope-abstract-unix");
  put(" rules=");
  put_number(rules);
  put(" missing=");
  put_number(missing);
  if (o.probe) {
    flush(1);
    sys3(SYS_exit_group, 0, 0, 0);
  }
  used = 0;

  /* Required for an unprivileged process, and it keeps set-user-ID programs from lifting it. */
  s64 done = syscall6(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0, 0);
  if (done < 0) fail("prctl(PR_SET_NO_NEW_PRIVS)", 0, -done);
  done = sys3(SYS_landlock_restrict_self, ruleset, 0, 0);
  if (done < 0) fail("landlock_restrict_self", 0, -done);
  sys3(SYS_close, ruleset, 0, 0);
  done = sys3(SYS_execve, o.program[0], o.program, envp);
  fail("cannot execute", o.program[0], -done);
}

/* The kernel's initial stack: argc, argv[0..argc-1], NULL, envp[...], NULL. */
__attribute__((used)) void start_c(s64 *stack) {
  s64 argc = stack[0];
  char **argv = (char **)(stack + 1);
  start(argv, argv + argc + 1);
  sys3(SYS_exit_group, 125, 0, 0);
}

#if defined(__x86_64__)
__asm__(".text\n.global _start\n_start:\n"
        "  xor %rbp, %rbp\n"
        "  mov %rsp, %rdi\n"
        "  and $-16, %rsp\n"
        "  call start_c\n"
        "  hlt\n");
#else
__asm__(".text\n.global _start\n_start:\n"
        "  mov x29, #0\n"
        "  mov x30, #0\n"
        "  mov x0, sp\n"
        "  bl start_c\n"
        "  brk #0\n");
#endif
