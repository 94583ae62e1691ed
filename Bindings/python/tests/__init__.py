# The binding's tests: `python3 -m unittest` from Bindings/python.
