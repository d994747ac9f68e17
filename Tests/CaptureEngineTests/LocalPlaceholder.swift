// Local placeholder so the package resolves; not committed.
