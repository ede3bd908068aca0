@testable import StackEngine

/// A fixed viewport and item counts for layout tests; counts invalidations.
final class FakeLayoutHost: LayoutHost {
    var bounds: Rect
    var counts: [Int]
    private(set) var invalidations = 0

    init(bounds: Rect, counts: [Int]) {
        self.bounds = bounds
        self.counts = counts
    }

    convenience init(width: Double, height: Double, counts: [Int]) {
        self.init(bounds: Rect(x: 0, y: 0, width: width, height: height), counts: counts)
    }

    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func layoutDidInvalidate(_ layout: CollectionViewLayout) { invalidations += 1 }
}

/// Layouts hold their host weakly; tests keep every host they install alive here.
nonisolated(unsafe) private var retainedHosts: [FakeLayoutHost] = []

extension CollectionViewLayout {
    /// Installs `host` (kept alive for the rest of the test run) and prepares; returns self for chaining.
    @discardableResult
    func installed(in host: FakeLayoutHost) -> Self {
        retainedHosts.append(host)
        self.host = host
        invalidate()
        prepareIfNeeded()
        return self
    }
}

/// Every element of `layout`, found one by one through the single-element queries (a brute-force oracle
/// for rect queries).
func allElements(of layout: CollectionViewLayout, host: FakeLayoutHost, supplementaryKinds: [String] = [],
                 decorationKinds: [String] = []) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for s in 0..<host.numberOfSections {
        for i in 0..<host.numberOfItems(inSection: s) {
            if let a = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s)) { result.append(a) }
        }
        for kind in supplementaryKinds {
            if let a = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: s)) {
                result.append(a)
            }
        }
    }
    for kind in decorationKinds {
        if let a = layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: 0)) {
            result.append(a)
        }
    }
    return result
}
