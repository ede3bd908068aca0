import StackEngine
import Host

extension AlbumsScreen {
    /// A click on a stack or its title at `time` opens the album.
    func clicked(_ key: ElementKey?, at time: Double) {
        guard let key, isClickable(key) else { return }
        selectedSection = key.indexPath.section
        onOpenAlbum?(key.indexPath.section, time)
    }

    /// Arrow keys move the keyboard selection between stacks (scrolling it into view); Enter opens it.
    func handleSelectionKey(_ key: KeyEvent) -> Bool {
        let n = collectionView.numberOfSections
        guard n > 0 else { return false }
        let columns = stackLayout.columns
        switch key.key {
        case .enter:
            guard let s = selectionOnScreen() else { selectSection(firstVisibleSection()); return true }
            selectedSection = s
            onOpenAlbum?(s, time)
            return true
        case .left, .right, .up, .down:
            guard let s = selectionOnScreen() else { selectSection(firstVisibleSection()); return true }
            let step: Int
            switch key.key {
            case .left: step = -1
            case .right: step = 1
            case .up: step = -columns
            default: step = columns
            }
            selectSection(min(n - 1, max(0, s + step)))
            return true
        default:
            return false
        }
    }

    /// The selected stack when it is on screen (where the scroll is going); after the window was scrolled away
    /// from it (Page Down, the wheel) the stack on screen nearest to it. Nil without a selection.
    func selectionOnScreen() -> Int? {
        guard let s = selectedSection, s < collectionView.numberOfSections else { return nil }
        let frame = stackFrame(section: s)
        if isMostlyOnScreen(frame) { return s }
        let view = destinationViewport
        let onScreen = (0..<collectionView.numberOfSections).lazy.map { (id: $0, frame: self.stackFrame(section: $0)) }
            .filter { $0.frame.maxY >= view.minY && $0.frame.minY <= view.maxY }
        return nearestOnScreen(to: frame, among: Array(onScreen)) ?? s
    }

    /// A stack with its title, content points.
    func stackFrame(section: Int) -> Rect {
        stackLayout.frameForStack(section: section).union(stackLayout.frameForTitle(section: section))
    }

    /// The first stack whose title is below the top of the window (where the scroll is going).
    func firstVisibleSection() -> Int {
        let top = scrollDestination.y
        let n = collectionView.numberOfSections
        return (0..<n).first { stackLayout.frameForTitle(section: $0).maxY > top } ?? 0
    }

    /// Selects stack `section` and scrolls it (with its title) into view.
    func selectSection(_ section: Int) {
        selectedSection = section
        pointerIsTarget = false
        let stack = stackFrame(section: section)
        let top = scrollDestination.y, margin = stackLayout.effectiveInsets.top
        var target = top
        if stack.minY - margin < top { target = stack.minY - margin }
        else if stack.maxY + margin > top + viewportHeight { target = stack.maxY + margin - viewportHeight }
        if target != top { collectionView.setContentOffset(Point(x: 0, y: target), animated: true, at: time) }
    }
}
