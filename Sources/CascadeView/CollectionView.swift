// The headless collection view lives here (see Docs/CollectionView.md).
