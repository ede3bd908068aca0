/// Supplies the collection view's content (the counterpart of UICollectionViewDataSource).
/// Counts are read at `reloadData()` and at each batch update; the collection view caches them in between.
public protocol CollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell renderer for `indexPath`, obtained with
    /// `collectionView.dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableView
    /// A configured supplementary renderer, obtained with
    /// `collectionView.dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    /// The default returns nil (the element is then not shown).
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> ReusableView?
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> ReusableView? { nil }
}
