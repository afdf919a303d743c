"""Pictures of a kernel at a small launch (docs/pictures.md): who holds which cell in each
barrier interval, who accessed it, and where a race or a missing permission is.

make (one file: check, run one launch recorded, the model) -> model -> layout -> svg, png
"""
