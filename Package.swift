// swift-tools-version:6.0
import PackageDescription

// SPEC §1: CSQLite over the system libsqlite3, LifeDB over it, LifeCore for
// what every domain shares, one module per product, and the lifectl front.
let package = Package(
    name: "lifectl",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16)],
    products: [
        .library(name: "LifeCore", targets: ["LifeCore"]),
        .library(name: "LifeDB", targets: ["LifeDB"]),
        .library(name: "Finite", targets: ["Finite"]),
        .library(name: "LifeTimer", targets: ["LifeTimer"]),
        .library(name: "Walks", targets: ["Walks"]),
        .library(name: "Hereafter", targets: ["Hereafter"]),
        .library(name: "DailyMenu", targets: ["DailyMenu"]),
        .library(name: "LifeKernel", targets: ["LifeKernel"]),
        .library(name: "LifeKit", targets: ["LifeKit"]),
        .library(name: "LifeSync", targets: ["LifeSync"]),
        .executable(name: "lifectl", targets: ["lifectl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Sync bundles' encryption (docs/design.md, "Dependencies"): CryptoKit on Apple platforms.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
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
        .target(name: "LifeServer", dependencies: ["CPostgres", "LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "LifeTimerServer", dependencies: ["LifeServer", "LifeTimer", "LifeCore"]),
        .target(name: "LifeCore"),
        .target(name: "LifeDB", dependencies: ["CSQLite", "LifeCore"]),
        // The kernel: the product registry and the engines that span the
        // products (export, import, check, status, search, timeline,
        // calendar); it names no product (SPEC CORE-12).
        .target(name: "LifeKernel", dependencies: ["LifeCore", "LifeDB"]),
        .target(name: "Finite", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "LifeTimer", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "Walks", dependencies: ["CZlib", "CSHA256", "LifeCore", "LifeDB", "LifeKernel"]),
        // SHA-256 blocks with the CPU's SHA extensions, for the GPX import's content hash (PERF-2).
        .target(name: "CSHA256"),
        .target(name: "Hereafter", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        .target(name: "DailyMenu", dependencies: ["LifeCore", "LifeDB", "LifeKernel"]),
        // The one list of products, and the way an app opens the database with it.
        .target(
            name: "LifeKit",
            dependencies: [
                "LifeCore", "LifeDB", "LifeKernel", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu",
            ]),
        // Sync bundles: the file format, its encryption and sealed text, and
        // the store an app carries bundles with (docs/sync.md); the engine is
        // the kernel's (LifeKernel/Sync).
        .target(
            name: "LifeSync",
            dependencies: ["LifeCore", "LifeDB", "LifeKernel", .product(name: "Crypto", package: "swift-crypto")]),
        .executableTarget(
            name: "lifectl",
            dependencies: [
                "LifeCore", "LifeDB", "LifeKernel", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu", "LifeKit",
                "LifeServer", "LifeTimerServer",
                "LifeSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
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
        // What the tests share: fresh databases, in a target of its own.
        .target(
            name: "LifeTestSupport", dependencies: ["LifeKit", "LifeDB", "LifeCore"], path: "Tests/LifeTestSupport"),
        .testTarget(name: "LifeCoreTests", dependencies: ["LifeCore"]),
        .testTarget(
            name: "LifeDBTests", dependencies: ["LifeTestSupport", "LifeDB", "LifeCore", "CSQLite", "LifeKit"]),
        .testTarget(
            name: "FiniteTests", dependencies: ["LifeTestSupport", "Finite", "LifeKit", "LifeDB", "LifeCore"],
            exclude: ["Golden"]),
        .testTarget(
            name: "HereafterTests", dependencies: ["LifeTestSupport", "Hereafter", "LifeKit", "LifeDB", "LifeCore"]),
        .testTarget(
            name: "LifectlTests", dependencies: ["LifeTestSupport", "lifectl", "LifeServer", "ServerTestSupport"]),
        .testTarget(name: "WalksTests", dependencies: ["LifeTestSupport", "Walks", "LifeKit", "LifeCore", "LifeDB"]),
        .executableTarget(name: "doodle-bench", dependencies: ["Walks", "LifeCore"], path: "Benchmarks/DoodleBench"),
        .executableTarget(
            name: "walks-store-bench", dependencies: ["Walks", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/WalksStoreBench"),
        .testTarget(name: "WalksDoodleTests", dependencies: ["Walks", "LifeCore"], exclude: ["Golden"]),
        .testTarget(
            name: "DailyMenuTests", dependencies: ["LifeTestSupport", "DailyMenu", "LifeKit", "LifeDB", "LifeCore"],
            exclude: ["Golden"]),
        .executableTarget(
            name: "lifetimer-bench", dependencies: ["LifeTimer", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/LifeTimerBench"),
        .testTarget(
            name: "LifeTimerTests",
            dependencies: ["LifeTestSupport", "LifeTimer", "LifeKit", "LifeDB", "LifeCore", "LifeTimerTestSupport"],
            exclude: ["Golden"]),
        // REL-6 and REL-8 share one random graph generator and one evaluator of LT-6.
        .target(
            name: "LifeTimerTestSupport",
            dependencies: ["LifeTestSupport", "LifeTimer", "LifeKit", "LifeDB", "LifeCore"],
            path: "Tests/LifeTimerTestSupport"),
        // A fresh database per test on the PostgreSQL scripts/test starts (SRV-3).
        .target(name: "ServerTestSupport", dependencies: ["LifeServer"], path: "Tests/ServerTestSupport"),
        .executableTarget(
            name: "server-bench",
            dependencies: ["LifeServer", "LifeTimerServer", "LifeTimer", "LifeKit", "LifeDB", "LifeCore"],
            path: "Benchmarks/ServerBench"),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "LifeServer", "LifeTimerServer", "LifeTimer", "LifeKit", "LifeDB", "LifeCore", "LifeTimerTestSupport",
                "LifeTestSupport", "ServerTestSupport",
            ]),
        .testTarget(
            name: "StoreInMemoryTests",
            dependencies: [
                "LifeTestSupport", "LifeKit", "Finite", "Walks", "Hereafter", "LifeTimer", "DailyMenu", "LifeDB",
                "LifeCore",
            ]),
        .testTarget(
            name: "KernelTests",
            dependencies: [
                "LifeTestSupport", "LifeKit", "LifeKernel", "LifeDB", "LifeCore", "Finite", "LifeTimer", "Walks",
                "Hereafter", "DailyMenu",
            ],
            exclude: ["Golden"]),
        .executableTarget(
            name: "across-bench", dependencies: ["LifeKit", "LifeDB", "LifeCore"], path: "Benchmarks/AcrossBench"),
        .testTarget(
            name: "SyncTests",
            dependencies: [
                "LifeTestSupport", "LifeSync", "LifeKit", "LifeKernel", "LifeDB", "LifeCore", "Finite", "LifeTimer",
                "Walks",
                "Hereafter", "DailyMenu",
            ]),
        // REL-7: random multi-device histories against a model written from docs/sync.md.
        .testTarget(
            name: "ConvergenceTests",
            dependencies: [
                "LifeSync", "LifeKit", "LifeKernel", "LifeDB", "LifeCore", "Finite", "LifeTimer", "Walks", "Hereafter",
                "DailyMenu",
            ]),
        .executableTarget(
            name: "sync-bench", dependencies: ["LifeSync", "LifeKit", "LifeKernel", "LifeDB", "LifeCore", "Walks"],
            path: "Benchmarks/SyncBench"),
    ],
    swiftLanguageModes: [.v6]
)
