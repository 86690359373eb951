import LifeCore
