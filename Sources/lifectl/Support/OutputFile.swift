import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for every file a command writes: posters, doodles, galleries,
/// exports, a saved photo, a backup (SPEC CORE-1, CORE-7; issue 9 §1;
/// docs/output-files.md). A file a person asks for must never destroy data:
///
/// - the database in use and its `-wal`, `-shm` and `-journal` files are
///   refused, even with `--force`, compared by device and inode (and, for a
///   companion file that does not exist yet, by its folder's device and inode
///   and its name), so a symlink, a hard link or `./` cannot slip past;
/// - an existing regular file is refused unless `force`; a new or replaced
///   file is written to a temporary file beside it and renamed into place,
///   so a failure never leaves half a file;
/// - `-`, or a path that is the same file as stdout (`/dev/stdout`), means
///   stdout: the caller then prints nothing else there (`isStandardOutput`);
/// - a FIFO or a character device is written in place, never replaced;
/// - what holds locked words (an export with Hereafter notes still locked)
///   goes only to a regular file: stdout, a terminal, a FIFO, a pipe and
///   every other device are refused whatever the path says (`/dev/tty`,
///   `/dev/stderr`, `/dev/fd/3`), decided by `stat` of what the path is
///   (`RegularOnly`; issue 22 §6, HA-3);
/// - every file created is mode 0600 whatever the umask: it holds the same
///   private data as the database.
///
/// Which database to protect is learnt from `CommandContext`: making one is
/// the only way a command reaches a database, and it registers the path here
/// (`protectDatabase(at:)`), so no command can forget to pass it. A write
/// before any context exists is a bug (exit 70), not an unguarded write.
enum OutputFile {
    /// The path as the person meant it (`~` expanded).
    static func resolve(_ path: String) -> String {
        path == "-" ? path : (path as NSString).expandingTildeInPath
    }

    /// Remembers the database this process uses; `CommandContext` calls it.
    static func protectDatabase(at path: String) {
        protected.set(path)
    }

    /// Remembers a file this command reads and must not write over (the
    /// sync key it uses), compared by device and inode like the database.
    static func protectInput(at path: String, as name: String) {
        inputs.add(resolve(path), name)
    }

    /// The database this process uses, once known (for error messages).
    static var databaseInUse: String? { protected.get() }

    /// Whether `path` means stdout: `-`, or the very file stdout is
    /// (`/dev/stdout`, `/proc/self/fd/1`). A command then prints no summary.
    static func isStandardOutput(_ path: String) -> Bool {
        if path == "-" { return true }
        var target = stat()
        var output = stat()
        guard stat(resolve(path), &target) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
        return FileIdentity(target) == FileIdentity(output)
    }

    /// Whether `path` is a terminal: stdout when it is one (`-`,
    /// `/dev/stdout`), or a character device that is one (`/dev/tty`,
    /// `/dev/pts/3`), told by opening it without becoming its controlling
    /// terminal and asking `isatty`.
    static func isTerminal(_ path: String) -> Bool {
        if isStandardOutput(path) { return isatty(STDOUT_FILENO) == 1 }
        var info = stat()
        guard stat(resolve(path), &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
        let descriptor = open(resolve(path), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        // A terminal that cannot be opened here (/dev/tty without one) takes no bytes either.
        guard descriptor >= 0 else { return errno == ENXIO && resolve(path) == "/dev/tty" }
        defer { close(descriptor) }
        return isatty(descriptor) == 1
    }

    static func write(_ text: String, to path: String, force: Bool = false, regularOnly: RegularOnly? = nil) throws {
        try streamBytes(to: path, force: force, regularOnly: regularOnly) { write in
            var text = text
            try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The rule for a file that holds locked words: it may only be a
    /// regular file, new or (with force) replaced. `refusal` makes the error
    /// from what the target is instead ("standard output, a terminal", "a
    /// FIFO or pipe"); exit 64.
    struct RegularOnly {
        let refusal: (_ what: String) -> LifeError
    }

    /// Bytes (a photo), the same way: whole or not at all.
    static func write(_ data: Data, to path: String, force: Bool = false, regularOnly: RegularOnly? = nil) throws {
        try streamBytes(to: path, force: force, regularOnly: regularOnly) { write in
            try data.withUnsafeBytes { try write($0) }
        }
    }

    /// Streams pieces of text into the file as `body` produces them, so a large
    /// output (a gallery of a thousand walks) never sits in memory whole.
    static func stream(
        to path: String, force: Bool = false, _ body: (_ write: (String) throws -> Void) throws -> Void
    ) throws {
        try streamBytes(to: path, force: force) { (write: (UnsafeRawBufferPointer) throws -> Void) in
            try withoutActuallyEscaping(write) { write in
                try body { piece in
                    var piece = piece
                    try piece.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
                }
            }
        }
    }

    /// For a file made by another writer that needs a path of its own (SQLite's
    /// backup API): `produce` creates a new file at the path it is given (which
    /// does not exist yet), and the result is placed at `path` by the same
    /// rule. For stdout, a FIFO or a device it is made in the temporary folder
    /// first and then copied. Returns the size in bytes.
    @discardableResult
    static func place(
        at path: String, force: Bool = false, regularOnly: RegularOnly? = nil,
        _ produce: (_ newPath: String) throws -> Void
    ) throws -> Int {
        switch try target(for: path, force: force, regularOnly: regularOnly) {
        case .file(let target):
            let temporary = temporaryName(beside: target)
            defer { removeLeftovers(of: temporary) }
            try produce(temporary)
            guard chmod(temporary, 0o600) == 0 else { throw ioError(target) }
            let size = try byteCount(of: temporary, target: target)
            try commit(temporary, to: target, force: force)
            return size
        case .standardOutput, .inPlace:
            let folder = FileManager.default.temporaryDirectory.path
            let temporary = temporaryName(beside: folder + "/lifectl-output")
            defer { removeLeftovers(of: temporary) }
            try produce(temporary)
            let size = try byteCount(of: temporary, target: path)
            guard let file = fopen(temporary, "rb") else { throw ioError(temporary) }
            defer { fclose(file) }
            try streamBytes(to: path, force: force) { write in
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = fread(&buffer, 1, buffer.count, file)
                    if count > 0 {
                        try buffer.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    }
                    if count < buffer.count {
                        if ferror(file) != 0 { throw ioError(temporary) }
                        break
                    }
                }
            }
            return size
        }
    }

    // MARK: - The rule

    /// Where the bytes go, once the rule has been applied to the path.
    enum Target: Equatable {
        case standardOutput
        /// A FIFO or character device, opened and written as it is.
        case inPlace(String)
        /// A regular file, new or (with force) replaced by rename.
        case file(String)
    }

    /// Applies the rule to `path`: refuses what it must, says where to write.
    static func target(for path: String, force: Bool, regularOnly: RegularOnly? = nil) throws -> Target {
        // Stdout opened on the database is refused by CommandContext, before
        // any command (one with `-` or not) does anything.
        if isStandardOutput(path) {
            // Even a regular file behind stdout: it is written in place, not
            // made 0600 and put whole, and `-` is meant to be read at once.
            if let regularOnly {
                var output = stat()
                let kind = fstat(STDOUT_FILENO, &output) == 0 ? describe(mode: output.st_mode, STDOUT_FILENO) : nil
                throw regularOnly.refusal("standard output" + (kind.map { ", \($0)" } ?? ""))
            }
            return .standardOutput
        }
        let target = resolve(path)
        guard !target.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LifeError.invalid(field: "file", "the file name is empty (or only spaces)")
        }
        let shown = TerminalText.echoed(target)
        guard let database = protected.get() else {
            throw LifeError.bug("\(shown) was about to be written before the database in use was known")
        }
        if let companion = databaseFile(matching: target, database: database) {
            throw LifeError.invalid(
                field: "file",
                "\(shown) is \(companion); lifectl never writes over its own database, so choose another file")
        }
        var existingInfo = stat()
        if stat(target, &existingInfo) == 0 {
            for (path, name) in inputs.all() {
                var input = stat()
                if stat(path, &input) == 0, FileIdentity(input) == FileIdentity(existingInfo) {
                    throw LifeError.invalid(
                        field: "file",
                        "\(shown) is \(name) this command reads; lifectl never writes over it, even with --force, so choose another file"
                    )
                }
            }
        }
        var link = stat()
        guard lstat(target, &link) == 0 else {
            var folderInfo = stat()
            let parent = folder(of: target)
            guard stat(parent, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
                let reason = errno == EACCES ? "cannot be reached (permission denied)" : "does not exist"
                throw LifeError.io("cannot write \(shown): the folder \(TerminalText.echoed(parent)) \(reason)")
            }
            return .file(target)
        }
        var info = stat()
        guard stat(target, &info) == 0 else {
            // A symlink that points nowhere: replacing it is replacing a file.
            if force { return .file(target) }
            throw existing(shown)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if force { return .file(target) }
            throw existing(shown)
        case S_IFIFO, S_IFCHR:
            if let regularOnly { throw regularOnly.refusal(describe(mode: info.st_mode, nil)) }
            return .inPlace(target)
        case S_IFDIR:
            throw LifeError.invalid(field: "file", "\(shown) is a folder; give a file name")
        default:
            throw LifeError.invalid(
                field: "file",
                "\(shown) is not a regular file, a FIFO or a character device; lifectl will not write to it")
        }
    }

    /// What a non-regular file is, in words: "a terminal" (when `descriptor`
    /// is open on it and is one), "a pipe or FIFO", "a character device".
    private static func describe(mode: mode_t, _ descriptor: Int32?) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file, written in place"
        case S_IFIFO: return "a pipe or FIFO"
        case S_IFCHR:
            if let descriptor, isatty(descriptor) == 1 { return "a terminal" }
            return "a character device (a terminal, /dev/null)"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    private static func existing(_ shown: String) -> LifeError {
        LifeError.invalid(field: "file", "\(shown) already exists; give --force to replace it")
    }

    /// Which of the database's files `target` is ("the database in use", …),
    /// or nil. Existing files are compared by device and inode; a companion
    /// that does not exist yet by its folder's identity and its name.
    private static let suffixes = ["", "-wal", "-shm", "-journal"]

    /// Which of the database's files an open descriptor is (stdout), or nil.
    static func databaseFile(matchingDescriptor descriptor: Int32, database: String) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return databaseFile(identity: FileIdentity(info), database: database)
    }

    /// Whether the regular file open on `descriptor` is a SQLite file by
    /// its first bytes (`sqliteFileKind`): a database, this one or
    /// another, or a database's log or journal. Known before the arguments are parsed, so even a usage
    /// error is never written into one (`lifectl --bad 2<> life.db`). A
    /// descriptor opened write-only (`2>> life.db`) is read through
    /// `/proc/self/fd` where there is one.
    static func holdsSQLiteDatabase(descriptor: Int32) -> Bool {
        sqliteFileKind(descriptor: descriptor) != nil
    }

    /// What SQLite file the regular file open on `descriptor` is, by its
    /// first bytes, or nil: a database ("SQLite format 3" and a NUL), a
    /// write-ahead log (magic 0x377f0682 or 0x377f0683) or a rollback
    /// journal (its 8-byte magic). Any of them, this database's or
    /// another's, is destroyed by output written over it: a log or a hot
    /// journal holds transactions the database has not taken in yet.
    static func sqliteFileKind(descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var header = [UInt8](repeating: 0, count: 16)
        var count = pread(descriptor, &header, header.count, 0)
        if count < 0 {
            // Opened write-only (`>> other.db`): read it through /proc where there is one.
            let reader = open("/proc/self/fd/\(descriptor)", O_RDONLY | O_CLOEXEC)
            guard reader >= 0 else { return nil }
            defer { close(reader) }
            count = pread(reader, &header, header.count, 0)
        }
        guard count >= 4 else { return nil }
        if count == 16, header == Array("SQLite format 3\0".utf8) { return "a SQLite database" }
        if header[0..<4] == [0x37, 0x7f, 0x06, 0x82] || header[0..<4] == [0x37, 0x7f, 0x06, 0x83] {
            return "a SQLite write-ahead log"
        }
        if count >= 8, header[0..<8] == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7] {
            return "a SQLite rollback journal"
        }
        return nil
    }

    private static func databaseFile(identity: FileIdentity, database: String) -> String? {
        for suffix in suffixes {
            var other = stat()
            if stat(database + suffix, &other) == 0, FileIdentity(other) == identity { return describe(suffix) }
        }
        return nil
    }

    static func databaseFile(matching target: String, database: String) -> String? {
        var info = stat()
        if stat(target, &info) == 0, let found = databaseFile(identity: FileIdentity(info), database: database) {
            return found
        }
        var targetFolder = stat()
        var databaseFolder = stat()
        guard stat(folder(of: target), &targetFolder) == 0, stat(folder(of: database), &databaseFolder) == 0,
            FileIdentity(targetFolder) == FileIdentity(databaseFolder)
        else { return nil }
        let name = fileName(of: target)
        let databaseName = fileName(of: database)
        return suffixes.first { databaseName + $0 == name }.map(describe)
    }

    private static func describe(_ suffix: String) -> String {
        suffix.isEmpty ? "the database in use" : "the database's \(suffix) file"
    }

    // MARK: - Writing

    /// The one writer behind the others.
    private static func streamBytes(
        to path: String, force: Bool, regularOnly: RegularOnly? = nil,
        _ body: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        switch try target(for: path, force: force, regularOnly: regularOnly) {
        case .standardOutput:
            try body { piece in try writeAll(piece, to: STDOUT_FILENO, name: "standard output") }
        case .inPlace(let target):
            let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw ioError(target) }
            defer { close(descriptor) }
            try body { piece in try writeAll(piece, to: descriptor, name: target) }
        case .file(let target):
            let temporary = temporaryName(beside: target)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw ioError(target) }
            var isOpen = true
            defer {
                if isOpen { close(descriptor) }
                unlink(temporary)
            }
            // Mode 0600 whatever the umask: open()'s mode is filtered by it.
            guard fchmod(descriptor, 0o600) == 0 else { throw ioError(target) }
            try body { piece in try writeAll(piece, to: descriptor, name: target) }
            guard fsync(descriptor) == 0 else { throw ioError(target) }
            isOpen = false
            guard close(descriptor) == 0 else { throw ioError(target) }
            try commit(temporary, to: target, force: force)
        }
    }

    /// Moves the finished temporary file to `target`. Without force the move
    /// is `link`, which fails if a file appeared at `target` meanwhile, so no
    /// check-then-write race can overwrite it.
    private static func commit(_ temporary: String, to target: String, force: Bool) throws {
        if force {
            guard rename(temporary, target) == 0 else { throw ioError(target) }
            return
        }
        if link(temporary, target) == 0 {
            unlink(temporary)
            return
        }
        switch errno {
        case EEXIST:
            throw existing(TerminalText.echoed(target))
        case EPERM, EXDEV, EMLINK, ENOTSUP, ENOSYS:
            // A file system without hard links: rename, after one more look.
            var info = stat()
            guard lstat(target, &info) != 0 else { throw existing(TerminalText.echoed(target)) }
            guard rename(temporary, target) == 0 else { throw ioError(target) }
        default:
            throw ioError(target)
        }
    }

    static func writeAll(_ piece: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
        guard var base = piece.baseAddress else { return }
        var left = piece.count
        while left > 0 {
            let written = systemWrite(descriptor, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw ioError(name)
            }
            left -= written
            base += written
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    private static func byteCount(of path: String, target: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ioError(target) }
        return Int(info.st_size)
    }

    /// A hidden name beside `target` that no other process uses.
    /// A new temporary name beside `target`; first, what a process killed
    /// while writing there left behind is removed (its temporary copy holds
    /// the same private data, locked notes included).
    private static func temporaryName(beside target: String) -> String {
        let folder = folder(of: target)
        removeOrphans(in: folder, of: fileName(of: target))
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return folder + "/." + fileName(of: target) + ".lifectl-\(getpid())-\(random).tmp"
    }

    /// `.NAME.lifectl-PID-RANDOM.tmp` (and its `-journal`) in `folder` whose
    /// process is gone: left by a SIGKILL, which no `defer` survives.
    private static func removeOrphans(in folder: String, of name: String) {
        let prefix = "." + name + ".lifectl-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries
        where entry.hasPrefix(prefix) && (entry.hasSuffix(".tmp") || entry.hasSuffix(".tmp-journal")) {
            let rest = entry.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0, pid != getpid() else {
                continue
            }
            // kill(pid, 0) fails with ESRCH when no such process exists.
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + entry) }
        }
    }

    private static func removeLeftovers(of temporary: String) {
        unlink(temporary)
        unlink(temporary + "-journal")
    }

    /// The current errno as a plain sentence about `path` (exit 74).
    private static func ioError(_ path: String) -> LifeError {
        let reason = String(cString: strerror(errno))
        return LifeError.io("cannot write \(TerminalText.echoed(path)): \(reason)")
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// A file's device and inode: what makes two paths the same file.
    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The database path, set once per process by `CommandContext`.
    private final class ProtectedPath: @unchecked Sendable {
        private let lock = NSLock()
        private var path: String?

        func set(_ value: String) { lock.withLock { path = value } }
        func get() -> String? { lock.withLock { path } }
    }

    private static let protected = ProtectedPath()

    /// The files this command reads and never writes (`protectInput`).
    private final class ProtectedInputs: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [(String, String)] = []

        func add(_ path: String, _ name: String) { lock.withLock { files.append((path, name)) } }
        func all() -> [(String, String)] { lock.withLock { files } }
    }

    private static let inputs = ProtectedInputs()
}
