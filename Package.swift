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
        /// The X Synchronization extension (libXext), for _NET_WM_SYNC_REQUEST: smooth live resize.
        .systemLibrary(name: "CXext", pkgConfig: "xext", providers: [.apt(["libxext-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        /// libjpeg-turbo behind a C shim that owns setjmp/longjmp error recovery.
        /// Per-thread scratch buffers shared by the two decoder shims, and the process-wide decode memory budget.
        .target(name: "CScratch"),
        /// Small system calls Swift cannot make directly (a thread's nice value).
        .target(name: "CSystem"),
        .target(name: "CJPEG", dependencies: ["CScratch"], linkerSettings: [.linkedLibrary("jpeg")]),
        /// libpng behind a C shim (reading and writing PNG with text chunks, for the thumbnail cache).
        .target(name: "CPNG", dependencies: ["CScratch", "CColour"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        /// libexif (photo information) behind a C shim that copies the fields into a plain struct.
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .target(name: "CExifShim", dependencies: ["CExif"], linkerSettings: [.linkedLibrary("exif")]),
        /// File-system calls that need _GNU_SOURCE (rename without replacing, for the trash).
        .target(name: "CFileOps"),
        // MARK: More formats (issue 13): each library found with pkg-config, behind its own C shim that turns
        // errors into return codes and writes premultiplied ARGB32 like CJPEG (the shared output in CDecodeOut).
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebp libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CLibGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // libheif, libtiff and libraw: headers only (libheif-dev, libtiff-dev, libraw-dev, from install-deps.sh), no
        // pkg-config, so they are not linked: their shims load them on the first decode that needs them
        // (Sources/CDecodeOut/include/ps_lazy_library.h): ~5 ms of CPU and 6 MB less at every launch.
        .systemLibrary(name: "CLibHeif"),
        .systemLibrary(name: "CLibTIFF"),
        .systemLibrary(name: "CLibRaw"),
        .target(name: "CDecodeOut", dependencies: ["CJPEG", "CScratch"]),
        .target(name: "CWebP", dependencies: ["CDecodeOut", "CLibWebP"]),
        .target(name: "CHEIF", dependencies: ["CDecodeOut", "CLibHeif"]),
        .target(name: "CGIF", dependencies: ["CDecodeOut", "CLibGif"]),
        .target(name: "CTIFF", dependencies: ["CDecodeOut", "CLibTIFF"]),
        .target(name: "CRaw", dependencies: ["CDecodeOut", "CLibRaw"]),
        // MARK: Colour management: Little CMS 2 behind a C shim (profiles, cached transforms, return codes).
        .systemLibrary(name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .target(name: "CColour", dependencies: ["CLcms2"]),

        // MARK: Pure Swift core: geometry, layouts, collection view, animation, scroll physics. Imports no C module.
        .target(name: "StackEngine"),

        // MARK: Thin owning Swift wrappers over Cairo and Pango.
        /// Pixel kernels cairo/pixman do slowly (a rotated bilinear resample), in plain C with return codes.
        .target(name: "CDraw"),
        .target(name: "Canvas", dependencies: ["CCairo", "CPango", "CDraw", "StackEngine"]),
        // MARK: The platform-neutral host interface: events, keys, the window-client protocol (one loop turn),
        // clocks, the inbox, and a headless host for snapshots and tests.
        .target(name: "Host", dependencies: ["Canvas"]),
        // MARK: Folders as albums, decoding, thumbnail caches, background loader.
        .target(name: "PhotoPipeline", dependencies: [
            "CJPEG", "CPNG", "CScratch", "CSystem", "CExifShim", "CFileOps", "CWebP", "CHEIF", "CGIF", "CTIFF", "CRaw", "CColour",
            .product(name: "Collections", package: "swift-collections"),
        ]),
        // MARK: The X11 window host: window, events, frame clock, presenting Cairo frames.
        .target(name: "X11Host", dependencies: ["CX11", "CXi", "CXext", "CCairo", "Canvas", "Host"]),
        // MARK: The application: screens, cell renderers, state JSON, commands.
        .target(name: "PhotoStackApp", dependencies: [
            "StackEngine", "Canvas", "PhotoPipeline", "Host", "X11Host",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // MARK: Benchmarks (`photostack bench`): frames, layout, thumbnails, memory, idle.
        .target(name: "PhotoStackBench", dependencies: [
            "PhotoStackApp", "StackEngine", "Canvas", "PhotoPipeline", "Host",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // MARK: The command line: `photostack [open] | demo | bench`.
        .target(name: "PhotoStackCLI", dependencies: [
            "PhotoStackApp", "PhotoStackBench",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "photostack", dependencies: ["PhotoStackCLI"]),
        /// Draws assets/icons/photostack-SIZE.png: `swift run IconGenerator assets/icons`.
        .executableTarget(name: "IconGenerator", dependencies: ["Canvas"]),

        .testTarget(name: "StackEngineTests", dependencies: ["StackEngine"]),
        .testTarget(name: "PhotoPipelineTests", dependencies: ["PhotoPipeline", "StackEngine"]),
        .testTarget(name: "HostTests", dependencies: ["Host"]),
        .testTarget(name: "PhotoStackAppTests", dependencies: ["PhotoStackApp", "PhotoStackCLI", "PhotoStackBench", "Host"]),
        .testTarget(name: "PhotoStackBenchTests", dependencies: ["PhotoStackBench", "PhotoStackApp", "PhotoPipeline"]),
        .testTarget(name: "X11HostTests", dependencies: ["X11Host"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
