// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PhotoStack",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "photostack", targets: ["photostack"]),
        .library(name: "StackEngine", targets: ["StackEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // MARK: C libraries (system libraries found with pkg-config, installed from apt)
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo cairo-xlib", providers: [.apt(["libcairo2-dev"])]),
        /// XInput 2.1 for smooth (touchpad) scrolling.
        .systemLibrary(name: "CXi", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        /// libjpeg-turbo behind a C shim that owns setjmp/longjmp error recovery.
        /// Per-thread scratch buffers shared by the two decoder shims.
        .target(name: "CScratch"),
        .target(name: "CJPEG", dependencies: ["CScratch"], linkerSettings: [.linkedLibrary("jpeg")]),
        /// libpng behind a C shim (reading and writing PNG with text chunks, for the thumbnail cache).
        .target(name: "CPNG", dependencies: ["CScratch"], linkerSettings: [.linkedLibrary("png16")]),

        // MARK: Pure Swift core: geometry, layouts, collection view, animation, scroll physics. Imports no C module.
        .target(name: "StackEngine"),

        // MARK: Thin owning Swift wrappers over Cairo and Pango.
        .target(name: "Canvas", dependencies: ["CCairo", "CPango"]),
        // MARK: Folders as albums, decoding, thumbnail caches, background loader.
        .target(name: "PhotoPipeline", dependencies: [
            "CJPEG", "CPNG",
            .product(name: "Collections", package: "swift-collections"),
        ]),
        // MARK: The X11 window host: window, events, frame clock, presenting Cairo frames.
        .target(name: "X11Host", dependencies: ["CX11", "CXi", "CCairo", "Canvas", "StackEngine"]),
        // MARK: The application: screens, cell renderers, state JSON, commands.
        .target(name: "PhotoStackApp", dependencies: [
            "StackEngine", "Canvas", "PhotoPipeline", "X11Host",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "photostack", dependencies: ["PhotoStackApp"]),

        .testTarget(name: "StackEngineTests", dependencies: ["StackEngine"]),
        .testTarget(name: "PhotoPipelineTests", dependencies: ["PhotoPipeline", "StackEngine"]),
        .testTarget(name: "PhotoStackAppTests", dependencies: ["PhotoStackApp"]),
        .testTarget(name: "X11HostTests", dependencies: ["X11Host"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
