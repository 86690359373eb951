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
        .library(name: "Across", targets: ["Across"]),
        .executable(name: "lifectl", targets: ["lifectl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The server's client (SPEC SRV-2, docs/design.md): libpq, linked by
        // the CLI, its tests and benchmarks only, never by a library an app links.
        .systemLibrary(
            name: "CPostgres", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        .target(name: "LifeServer", dependencies: ["CPostgres", "LifeCore", "LifeDB"]),
        .target(name: "LifeTimerServer", dependencies: ["LifeServer", "LifeTimer", "LifeCore"]),
        .target(name: "LifeCore"),
        .target(name: "LifeDB", dependencies: ["CSQLite", "LifeCore"]),
        .target(name: "Finite", dependencies: ["LifeCore", "LifeDB"]),
        .target(name: "LifeTimer", dependencies: ["LifeCore", "LifeDB"]),
        .target(name: "Walks", dependencies: ["LifeCore", "LifeDB"]),
        .target(name: "Hereafter", dependencies: ["LifeCore", "LifeDB"]),
        .target(name: "DailyMenu", dependencies: ["LifeCore", "LifeDB"]),
        .target(
            name: "Across", dependencies: ["LifeCore", "LifeDB", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu"]),
        .executableTarget(
            name: "lifectl",
            dependencies: [
                "LifeCore", "LifeDB", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu", "Across",
                "LifeServer", "LifeTimerServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "lifedb-bench", dependencies: ["LifeDB"], path: "Benchmarks/LifeDBBench", exclude: ["peer.c"]),
        .executableTarget(
            name: "finite-bench", dependencies: ["Finite", "LifeDB", "LifeCore"], path: "Benchmarks/FiniteBench"),
        .executableTarget(
            name: "hereafter-bench", dependencies: ["Hereafter", "LifeDB", "LifeCore"],
            path: "Benchmarks/HereafterBench"),
        .executableTarget(
            name: "walks-bench", dependencies: ["Walks", "LifeCore"], path: "Benchmarks/WalksBench",
            exclude: ["peers.py"]),
        .testTarget(name: "LifeCoreTests", dependencies: ["LifeCore"]),
        .testTarget(name: "LifeDBTests", dependencies: ["LifeDB", "LifeCore", "CSQLite"]),
        .testTarget(name: "FiniteTests", dependencies: ["Finite", "LifeDB", "LifeCore"], exclude: ["Golden"]),
        .testTarget(name: "HereafterTests", dependencies: ["Hereafter", "LifeDB", "LifeCore"]),
        .testTarget(name: "LifectlTests", dependencies: ["lifectl", "LifeServer", "ServerTestSupport"]),
        .testTarget(name: "WalksTests", dependencies: ["Walks", "LifeCore", "LifeDB"]),
        .executableTarget(name: "doodle-bench", dependencies: ["Walks", "LifeCore"], path: "Benchmarks/DoodleBench"),
        .executableTarget(
            name: "walks-store-bench", dependencies: ["Walks", "LifeDB", "LifeCore"], path: "Benchmarks/WalksStoreBench"),
        .testTarget(name: "WalksDoodleTests", dependencies: ["Walks", "LifeCore"], exclude: ["Golden"]),
        .testTarget(name: "DailyMenuTests", dependencies: ["DailyMenu", "LifeDB", "LifeCore"], exclude: ["Golden"]),
        .executableTarget(
            name: "lifetimer-bench", dependencies: ["LifeTimer", "LifeDB", "LifeCore"], path: "Benchmarks/LifeTimerBench"),
        .testTarget(
            name: "LifeTimerTests", dependencies: ["LifeTimer", "LifeDB", "LifeCore", "LifeTimerTestSupport"],
            exclude: ["Golden"]),
        // REL-6 and REL-8 share one random graph generator and one evaluator of LT-6.
        .target(
            name: "LifeTimerTestSupport", dependencies: ["LifeTimer", "LifeDB", "LifeCore"],
            path: "Tests/LifeTimerTestSupport"),
        // A fresh database per test on the PostgreSQL scripts/test starts (SRV-3).
        .target(name: "ServerTestSupport", dependencies: ["LifeServer"], path: "Tests/ServerTestSupport"),
        .executableTarget(
            name: "server-bench", dependencies: ["LifeServer", "LifeTimerServer", "LifeTimer", "LifeDB", "LifeCore"],
            path: "Benchmarks/ServerBench"),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "LifeServer", "LifeTimerServer", "LifeTimer", "LifeDB", "LifeCore", "LifeTimerTestSupport",
                "ServerTestSupport",
            ]),
        .testTarget(
            name: "StoreInMemoryTests",
            dependencies: ["Finite", "Walks", "Hereafter", "LifeTimer", "DailyMenu", "LifeDB", "LifeCore"]),
        .testTarget(
            name: "AcrossTests",
            dependencies: ["Across", "LifeDB", "LifeCore", "Finite", "LifeTimer", "Walks", "Hereafter", "DailyMenu"]),
        .executableTarget(
            name: "across-bench", dependencies: ["Across", "LifeDB", "LifeCore"], path: "Benchmarks/AcrossBench"),
    ],
    swiftLanguageModes: [.v6]
)
