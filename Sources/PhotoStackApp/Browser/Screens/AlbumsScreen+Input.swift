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
            guard let s = selectedSection else { selectSection(firstVisibleSection()); return true }
            onOpenAlbum?(s, time)
            return true
        case .left, .right, .up, .down:
            guard let s = selectedSection else { selectSection(firstVisibleSection()); return true }
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

    /// The first stack whose title is below the top of the window.
    func firstVisibleSection() -> Int {
        let top = collectionView.contentOffset.y
        let n = collectionView.numberOfSections
        return (0..<n).first { stackLayout.frameForTitle(section: $0).maxY > top } ?? 0
    }

    /// Selects stack `section` and scrolls it (with its title) into view.
    func selectSection(_ section: Int) {
        selectedSection = section
        let stack = stackLayout.frameForStack(section: section).union(stackLayout.frameForTitle(section: section))
        let top = collectionView.contentOffset.y, margin = stackLayout.effectiveInsets.top
        var target = top
        if stack.minY - margin < top { target = stack.minY - margin }
        else if stack.maxY + margin > top + viewportHeight { target = stack.maxY + margin - viewportHeight }
        if target != top { collectionView.setContentOffset(Point(x: 0, y: target), animated: true, at: time) }
    }
}
