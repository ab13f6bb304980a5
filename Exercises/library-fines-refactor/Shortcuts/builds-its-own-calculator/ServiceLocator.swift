// ServiceLocator was deleted last, once nothing registered or resolved anything in it.
