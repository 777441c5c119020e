"""The rules corpus and card data: model, schema validation, loading and atomic writes."""
