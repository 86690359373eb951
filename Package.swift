// swift-tools-version:6.1
import PackageDescription

// SPEC §1: CSQLite over the system libsqlite3, LifeDB over it, LifeCore for
// what every domain shares, one module per product, and the lifectl front.
let package = Package(
    name: "lifectl",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16)],
    products: [
        // What an app links (docs/lifedb.md): LifeKit opens the file with the
        // five products; each product's store; the engines that span them.
        .library(name: "LifeKit", targets: ["LifeKit"]),
        .library(name: "LifeDB", targets: ["LifeDB"]),
        .library(name: "LifeCore", targets: ["LifeCore"]),
        .library(name: "LifeKernel", targets: ["LifeKernel"]),
        .library(name: "Finite", targets: ["Finite"]),
        .library(name: "LifeTimer", targets: ["LifeTimer"]),
        .library(name: "Walks", targets: ["Walks"]),
        .library(name: "Hereafter", targets: ["Hereafter"]),
        .library(name: "DailyMenu", targets: ["DailyMenu"]),
        .library(name: "LifeExchange", targets: ["LifeExchange"]),
        .library(name: "LifeSync", targets: ["LifeSync"]),
        .library(name: "LifePages", targets: ["LifePages"]),
        .executable(name: "lifectl", targets: ["lifectl"]),
        // The service people sign in to (SPEC SRV-5, docs/server.md): built
        // only with `--traits Service`; without it the program says so.
        .executable(name: "lifectl-server", targets: ["lifectl-server"]),
    ],
    // SE-0450: the service's HTTP and PostgreSQL stack (NIO) is built only when
    // asked for (`swift build --traits Service`), never by an app, the tour or
    // the default build of the suite (docs/design.md, "The service's build").
    traits: [
        .trait(name: "Service", description: "The HTTP service (Hummingbird, postgres-nio, jwt-kit).")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Sync bundles' encryption (docs/design.md, "Dependencies"): CryptoKit on Apple platforms.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `swift package generate-documentation` (scripts/docs): a plugin, so
        // nothing an app or the CLI links; resolved, never built by `swift build`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The service (trait Service only): HTTP, PostgreSQL without libpq, JWT and JWKS.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The system zlib, which inflates gzip-compressed GPX files as they
        // are read (SPEC WALK-9, docs/design.md); in Apple's SDKs too.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The server's client (SPEC SRV-2, docs/design.md): libpq, linked by
        // the CLI, its tests and benchmarks only, never by a library an app links.
        .systemLibrary(
            name: "CPostgres", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // The house (docs/design.md, "Modules"): imports go only downward,
        // and scripts/check-imports holds every module to its row there.
        .target(name: "LifeCore"),
        .target(name: "LifeDB", dependencies: ["CSQLite", "LifeCore"]),
        // The contract and the file: the product registry, the generated
        // schema, the database's opening, capture and the doctor; it names
        // no product (SPEC CORE-12). Products import only it, LifeDB and LifeCore.
        .target(name: "LifeKernel", dependencies: ["LifeCore", "LifeDB"]),
        .target(name: "Finite", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "LifeTimer", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "Walks", dependencies: ["CZlib", "CSHA256", "LifeCore", "LifeDB", "LifeKernel"]),
        // SHA-256 blocks with the CPU's SHA extensions, for the GPX import's content hash (PERF-2).
        .target(name: "CSHA256"),
        .target(name: "Hereafter", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "DailyMenu", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        // Export, import as a merge, the JSON reader: over the registry.
        .target(name: "LifeExchange", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        // All of sync (docs/sync.md): catalog, metadata, triggers generator,
        // bundle format, cipher and key, applier, status, folder sync, and
        // the store an app carries bundles with.
        .target(
            name: "LifeSync",
            dependencies: [
                "LifeCore", "LifeDB", "LifeKernel", "LifeExchange", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // Read-only pages across the products: search, timeline, calendar
        // (and its ICS), statistics (and its SVG).
        .target(name: "LifePages", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        // The composition root: the one list of products, and the way an app
        // opens the database with it (a writer that already captures).
        .target(
            name: "LifeKit",
            dependencies: [
                "LifeCore", "LifeDB", "LifeKernel", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu",
            ]),
        // The server's client (SPEC SRV-2): libpq, the migrator (given its
        // migrations), the RLS lint; no product. Never linked by an app.
        .target(name: "LifeServer", dependencies: ["CPostgres", "LifeCore", "LifeDB"]),
        // LifeTimer's social graph on the server: its schema (Schema/server/)
        // and the store that acts as an account.
        .target(name: "LifeTimerServer", dependencies: ["LifeServer", "LifeTimer", "LifeCore", "LifeDB"]),
        .executableTarget(
            name: "lifectl",
            dependencies: [
                "LifeCore", "LifeKernel", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu", "LifeKit",
                "LifeExchange", "LifeSync", "LifePages", "LifeServer", "LifeTimerServer", "LifeServiceClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The service (SPEC SRV-5): sign-in, tokens, and every person's request
        // as `authenticated` under the server's row-level security. Its NIO
        // dependencies exist only with the Service trait; without it the
        // module compiles empty (every file is `#if Service`).
        .target(
            name: "LifeService",
            dependencies: [
                "LifeCore", "LifeTimer", "LifeTimerServer", "LifeServiceAPI",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Service"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Service"])),
                .product(name: "JWTKit", package: "jwt-kit", condition: .when(traits: ["Service"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Service"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Service"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Service"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Service"])),
            ]),
        .executableTarget(
            name: "lifectl-server",
            dependencies: [
                "LifeService", "LifeCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Service"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Service"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Service"])),
            ]),
        // The service's JSON, shared by the service and its clients (lifectl): Foundation only.
        .target(name: "LifeServiceAPI", dependencies: ["LifeCore", "LifeTimer"]),
        // HTTP for lifectl through libcurl loaded with dlopen by the commands
        // that reach the service only (docs/design.md, "The service's client").
        .target(name: "CHTTP", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // lifectl's side of the service: sign-in kept in a 0600 file, and
        // LifeTimer's social graph through HTTP.
        .target(
            name: "LifeServiceClient", dependencies: ["CHTTP", "LifeServiceAPI", "LifeTimer", "LifeCore", "LifeSync"]),
        .executableTarget(
            name: "lifedb-bench", dependencies: ["LifeDB"], path: "Benchmarks/LifeDBBench", exclude: ["peer.c"]),
        .executableTarget(
            name: "finite-bench", dependencies: ["Finite", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/FiniteBench"),
        .executableTarget(
            name: "hereafter-bench", dependencies: ["Hereafter", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/HereafterBench"),
        .executableTarget(
            name: "walks-bench", dependencies: ["Walks", "LifeCore"], path: "Benchmarks/WalksBench",
            exclude: ["peers.py"]),
        // What the tests share, per layer: LifeDB's (no product), and the
        // house's (fresh migrated databases, the end-to-end harness, tags).
        .target(
            name: "LifeDBTestSupport", dependencies: ["LifeDB", "LifeCore", "CSQLite"], path: "Tests/LifeDBTestSupport"),
        .target(
            name: "LifeKitTestSupport", dependencies: ["LifeDBTestSupport", "LifeKit", "LifeDB", "LifeCore"],
            path: "Tests/LifeKitTestSupport"),
        .testTarget(name: "LifeCoreTests", dependencies: ["LifeCore"]),
        .testTarget(name: "LifeDBTests", dependencies: ["LifeDBTestSupport", "LifeDB", "LifeCore", "CSQLite"]),
        .testTarget(
            name: "FiniteTests", dependencies: ["LifeKitTestSupport", "Finite", "LifeKit", "LifeDB", "LifeCore"],
            exclude: ["Golden"]),
        .testTarget(
            name: "HereafterTests", dependencies: ["LifeKitTestSupport", "Hereafter", "LifeKit", "LifeDB", "LifeCore"]),
        .testTarget(
            name: "LifectlTests", dependencies: ["LifeKitTestSupport", "lifectl", "LifeServer", "ServerTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "WalksTests", dependencies: ["LifeKitTestSupport", "Walks", "LifeKit", "LifeCore", "LifeDB"]),
        .executableTarget(name: "doodle-bench", dependencies: ["Walks", "LifeCore"], path: "Benchmarks/DoodleBench"),
        .executableTarget(
            name: "walks-store-bench", dependencies: ["Walks", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/WalksStoreBench"),
        .testTarget(name: "WalksDoodleTests", dependencies: ["Walks", "LifeCore"], exclude: ["Golden"]),
        .testTarget(
            name: "DailyMenuTests",
            dependencies: ["LifeKitTestSupport", "DailyMenu", "LifeKit", "LifeExchange", "LifeDB", "LifeCore"],
            exclude: ["Golden"]),
        .executableTarget(
            name: "lifetimer-bench", dependencies: ["LifeTimer", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/LifeTimerBench"),
        .testTarget(
            name: "LifeTimerTests",
            dependencies: [
                "LifeKitTestSupport", "LifeTimer", "LifeKit", "LifeExchange", "LifePages", "LifeDB", "LifeCore",
                "LifeTimerTestSupport",
            ],
            exclude: ["Golden"]),
        // REL-6 and REL-8 share one random graph generator and one evaluator of LT-6.
        .target(
            name: "LifeTimerTestSupport",
            dependencies: ["LifeKitTestSupport", "LifeTimer", "LifeKit", "LifeDB", "LifeCore"],
            path: "Tests/LifeTimerTestSupport"),
        // A fresh database per test on the PostgreSQL scripts/test starts (SRV-3).
        .target(
            name: "ServerTestSupport",
            dependencies: ["LifeServer", "LifeTimerServer", "LifeTimer", "LifeTimerTestSupport", "LifeDB", "LifeCore"],
            path: "Tests/ServerTestSupport"),
        .executableTarget(
            name: "server-bench",
            dependencies: ["LifeServer", "LifeTimerServer", "LifeTimer", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/ServerBench"),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "LifeServer", "LifeTimerServer", "LifeTimer", "LifeKit", "LifeDB", "LifeCore", "LifeTimerTestSupport",
                "LifeKitTestSupport", "ServerTestSupport",
            ]),
        // The service through HTTP (SRV-5), on the PostgreSQL scripts/test
        // starts; compiled empty without the Service trait (scripts/test
        // builds and runs it with the trait).
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "LifeService", "LifeServiceAPI", "LifeServiceClient", "LifeServer", "LifeTimer", "LifeTimerServer",
                "LifeKitTestSupport", "LifeTimerTestSupport", "ServerTestSupport", "LifeDB", "LifeCore", "LifeKit",
                "LifeSync",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Service"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Service"])),
                .product(name: "JWTKit", package: "jwt-kit", condition: .when(traits: ["Service"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Service"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Service"])),
            ]),
        .testTarget(
            name: "StoreInMemoryTests",
            dependencies: [
                "LifeKitTestSupport", "LifeKit", "Finite", "Walks", "Hereafter", "LifeTimer", "DailyMenu", "LifeDB",
                "LifeCore",
            ]),
        .testTarget(
            name: "KernelTests",
            dependencies: [
                "LifeKitTestSupport", "LifeDBTestSupport", "LifeKit", "LifeKernel", "LifeExchange", "LifePages",
                "LifeDB",
                "LifeCore", "CSQLite", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu",
            ],
            exclude: ["Golden"]),
        .executableTarget(
            name: "across-bench", dependencies: ["LifeKit", "LifePages", "LifeDB", "LifeCore"],
            path: "Benchmarks/AcrossBench"),
        .testTarget(
            name: "SyncTests",
            dependencies: [
                "LifeKitTestSupport", "LifeDBTestSupport", "LifeSync", "LifeExchange", "LifeKit", "LifeKernel",
                "LifeDB",
                "LifeCore",
                "Finite",
                "LifeTimer", "Walks", "Hereafter", "DailyMenu",
            ]),
        // REL-7: random multi-device histories against a model written from
        // docs/sync.md. The harness is a module of its own, run by the test
        // (debug, `swift test`) and by the `convergence` program, which
        // scripts/test builds in release without the rest of the tests
        // (docs/design.md, "REL-7's build").
        .target(
            name: "ConvergenceHarness",
            dependencies: [
                "LifeSync", "LifeExchange", "LifeKit", "LifeKernel", "LifeDB", "LifeCore", "Finite", "LifeTimer",
                "Walks", "Hereafter", "DailyMenu",
            ],
            path: "Tests/ConvergenceHarness"),
        .executableTarget(
            name: "convergence", dependencies: ["ConvergenceHarness"], path: "Tests/ConvergenceRunner"),
        .testTarget(name: "ConvergenceTests", dependencies: ["ConvergenceHarness", "LifeKitTestSupport"]),
        .executableTarget(
            name: "sync-bench",
            dependencies: ["LifeSync", "LifeExchange", "LifeKit", "LifeKernel", "LifeDB", "LifeCore", "Walks"],
            path: "Benchmarks/SyncBench"),
    ],
    swiftLanguageModes: [.v6]
)
