# A checkout runs the suite with its plugin: `pytest -n auto --backend=torch`. (An installed suite
# opts in with `pytest -p conformance.plugin --pyargs conformance`; installing it loads nothing.)
pytest_plugins = ["conformance.plugin"]
